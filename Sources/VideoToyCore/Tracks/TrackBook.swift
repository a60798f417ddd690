/// The track machines of the open files, the run's preferences, and what the user picked this run.
public struct TrackBook: Sendable {
    /// The run's preferences (`--audio-language`, `--subtitles`, the locale's language).
    public var preferences: TrackPreferences
    /// The tracks of each open file.
    public private(set) var items: [ItemID: ItemTracks] = [:]
    // A pick this run wins over the command line when the same file plays again; by path, as files are remembered.
    private var pickedThisRun: [String: TrackChoice] = [:]
    // The encoding forced this run, by path; an entry holding nil is "Automatic" picked over a remembered one.
    private var encodingsThisRun: [String: TextEncoding?] = [:]
    private var remembered: [ItemID: TrackChoice] = [:]
    private var paths: [ItemID: String] = [:]

    /// A book with the run's preferences.
    public init(preferences: TrackPreferences = TrackPreferences()) {
        self.preferences = preferences
    }

    /// The file of `id` at `path` is opening; `remembered` is what was picked for it in earlier runs, `unshowable` the
    /// embedded subtitle formats it has that nothing here shows.
    public mutating func open(_ id: ItemID, path: String, remembered choice: TrackChoice, unshowable: [String] = []) {
        paths[id] = path
        remembered[id] = choice
        items[id] = ItemTracks(
            preferences: preferences, picked: pickedThisRun[path] ?? TrackChoice(), remembered: choice, unshowable: unshowable)
    }

    /// The file of `id` closed; what the user picked stays for this run.
    public mutating func close(_ id: ItemID) {
        items[id] = nil
        remembered[id] = nil
        paths[id] = nil
    }

    /// Feeds one event to the machine of `id`; nothing happens for a file that is not open.
    public mutating func handle(_ id: ItemID, _ event: ItemTracks.Event) -> [ItemTracks.Effect] {
        guard var machine = items[id], let path = paths[id] else { return [] }
        let effects = machine.handle(event)
        items[id] = machine
        for case .use(let kind, let track, byUser: true) in effects {
            pickedThisRun[path, default: TrackChoice()].pick(kind, track)
        }
        return effects
    }

    /// What to remember for the file of `id`: the earlier runs' picks with this run's over them.
    public func choiceToRemember(_ id: ItemID) -> TrackChoice? {
        guard let path = paths[id], pickedThisRun[path] != nil || encodingsThisRun[path] != nil else { return nil }
        let picks = pickedThisRun[path] ?? TrackChoice()
        var choice = remembered[id] ?? TrackChoice()
        if let audio = picks.audio { choice.audio = audio }
        if let subtitles = picks.subtitles { choice.subtitles = subtitles }
        if let encoding = encodingsThisRun[path] { choice.encoding = encoding }
        return choice
    }

    /// The encoding forced for the subtitle files of the file of `id`: this run's pick, else the remembered one.
    public func forcedEncoding(_ id: ItemID) -> TextEncoding? {
        guard let path = paths[id] else { return nil }
        if let picked = encodingsThisRun[path] { return picked }
        return remembered[id]?.encoding
    }

    /// The user forced `encoding` (nil: detect it) for the subtitle files of the file of `id`.
    public mutating func forceEncoding(_ id: ItemID, _ encoding: TextEncoding?) {
        guard let path = paths[id] else { return }
        encodingsThisRun[path] = .some(encoding)
    }
}

/// The tracks of one open file and the ones in use: a value-type machine fed by the player, the subtitle files
/// beside the video and the user.
///
/// Nothing is chosen until both the file's own tracks and the files beside it are known, so a remembered subtitle
/// file or a preferred language among them is not first overridden by an embedded track.
public struct ItemTracks: Sendable {
    /// Something that happened to the file's tracks.
    public enum Event: Hashable, Sendable {
        /// The player listed the file's own tracks (once, when it first paused on a picture).
        case embedded(audio: [MediaTrack], subtitles: [MediaTrack])
        /// The subtitle files beside the video were read, with any of the file's own tracks the app reads itself
        /// (`ContainerSubtitles.adding(to:)`); one the player lists too is listed once.
        case sidecars(SidecarReport)
        /// The user picked a track of `kind` from the menu, or nil for no subtitles.
        case choose(TrackKind, TrackID?)
        /// The user asked for the next track of `kind` (subtitles go round through "off").
        case cycle(TrackKind)
    }

    /// What the controller must do.
    public enum Effect: Hashable, Sendable {
        /// Every track is known now: log them and fill the menu.
        case announce
        /// Play this soundtrack, or show these subtitles (nil: none); `byUser` choices are remembered.
        case use(TrackKind, TrackID?, byUser: Bool)
    }

    private struct OwnTracks: Hashable, Sendable {
        let audio: [MediaTrack]
        let subtitles: [MediaTrack]
    }

    private enum Phase: Hashable, Sendable {
        case opening(embedded: OwnTracks?, sidecars: SidecarReport?)
        case open
    }

    /// The file's soundtracks.
    public private(set) var audio: [MediaTrack] = []
    /// The file's subtitle tracks: its own in stream order, then the files beside it.
    public private(set) var subtitles: [MediaTrack] = []
    /// Subtitle files that cannot be shown.
    public private(set) var unusable: [TrackID] = []
    /// Notes on subtitle files by track, for the menu.
    public private(set) var notes: [TrackID: SubtitleNote] = [:]
    /// Embedded subtitle formats nothing here shows, as the probe named them ("WebVTT subtitles").
    public let unshowable: [String]
    /// The soundtrack playing.
    public private(set) var audioInUse: TrackID?
    /// The subtitles shown, nil for none.
    public private(set) var subtitlesInUse: TrackID?
    private var phase = Phase.opening(embedded: nil, sidecars: nil)
    private let preferences: TrackPreferences
    private let picked: TrackChoice
    private let remembered: TrackChoice

    /// A file about to open, with the run's preferences, the user's picks this run and the remembered ones, and the
    /// embedded subtitle formats the probe found no way to show.
    public init(
        preferences: TrackPreferences, picked: TrackChoice = TrackChoice(), remembered: TrackChoice = TrackChoice(),
        unshowable: [String] = []
    ) {
        self.preferences = preferences
        self.unshowable = unshowable
        self.picked = picked
        self.remembered = remembered
    }

    /// Whether every track is known and the choice made.
    public var isOpen: Bool { phase == .open }

    /// The track in use of `kind`.
    public func inUse(_ kind: TrackKind) -> TrackID? { kind == .audio ? audioInUse : subtitlesInUse }

    /// The track called `id`, if the file has it.
    public func track(_ id: TrackID) -> MediaTrack? { (audio + subtitles).first { $0.id == id } }

    /// Takes one event and says what to do.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch (phase, event) {
        case (.opening(_, let sidecars), .embedded(let audio, let subtitles)):
            phase = .opening(embedded: OwnTracks(audio: audio, subtitles: subtitles), sidecars: sidecars)
            return openIfComplete()
        case (.opening(let embedded, _), .sidecars(let report)):
            phase = .opening(embedded: embedded, sidecars: report)
            return openIfComplete()
        case (.open, .embedded), (.open, .sidecars), (.opening, .choose), (.opening, .cycle):
            // Tracks are listed once; a pick before the menu is filled has nothing to pick from.
            return []
        case (.open, .choose(let kind, let id)):
            return use(kind, id)
        case (.open, .cycle(let kind)):
            return use(kind, next(after: inUse(kind), kind: kind))
        }
    }

    private mutating func openIfComplete() -> [Effect] {
        guard case .opening(let own?, let report?) = phase else { return [] }
        phase = .open
        audio = own.audio
        let listed = Set(own.subtitles.map(\.id))
        let read = report.tracks.filter { !$0.isExternal && !listed.contains($0.id) }
        subtitles = (own.subtitles + read).sorted { Self.streamIndex($0.id) < Self.streamIndex($1.id) } + report.tracks.filter(\.isExternal)
        unusable = report.unusable
        notes = report.notes
        audioInUse = TrackChooser.audio(audio, preferences: preferences, picked: picked.audio, remembered: remembered.audio)
        subtitlesInUse = TrackChooser.subtitles(
            subtitles, audioLanguage: audioInUse.flatMap { track($0)?.language }, preferences: preferences,
            picked: picked.subtitles, remembered: remembered.subtitles)
        var effects: [Effect] = [.announce]
        if let audioInUse { effects.append(.use(.audio, audioInUse, byUser: false)) }
        effects.append(.use(.subtitles, subtitlesInUse, byUser: false))
        return effects
    }

    private static func streamIndex(_ id: TrackID) -> Int {
        if case .subtitles(let index) = id { return index }
        return Int.max
    }

    private mutating func use(_ kind: TrackKind, _ id: TrackID?) -> [Effect] {
        let tracks = kind == .audio ? audio : subtitles
        if let id, !tracks.contains(where: { $0.id == id }) { return [] }
        // A soundtrack is never turned off: muting is for that.
        if kind == .audio && id == nil { return [] }
        guard id != inUse(kind) else { return [] }
        if kind == .audio { audioInUse = id } else { subtitlesInUse = id }
        return [.use(kind, id, byUser: true)]
    }

    private func next(after current: TrackID?, kind: TrackKind) -> TrackID? {
        let ids = (kind == .audio ? audio : subtitles).map(\.id)
        guard !ids.isEmpty else { return nil }
        // Subtitles go round through "off"; a soundtrack goes round its tracks.
        let ring: [TrackID?] = kind == .audio ? ids : [nil] + ids
        let at = ring.firstIndex(of: current) ?? 0
        return ring[(at + 1) % ring.count]
    }
}

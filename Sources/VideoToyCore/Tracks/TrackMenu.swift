/// The "Audio and subtitles" menu of a video, as values the adapters word: every soundtrack, "Off" and every subtitle
/// track, with notes on subtitle files that are damaged or cannot be shown.
public struct TrackMenu: Hashable, Sendable {
    /// One entry of the menu.
    public struct Entry: Hashable, Sendable {
        /// The track it picks; nil is "Off".
        public let id: TrackID?
        /// What the entry names: a track ("English", "French — Commentary"), "Off", a file or a format.
        public let label: Label
        /// A line under it: what is wrong with the file.
        public let note: Note?
        /// Whether it is the track in use.
        public let isSelected: Bool
        /// Whether it can be picked.
        public let isEnabled: Bool
    }

    /// What an entry names.
    public enum Label: Hashable, Sendable {
        /// No subtitles.
        case off
        /// A track that can be picked.
        case track(TrackLabel)
        /// A subtitle file beside the video that cannot be read, by its name.
        case file(String)
        /// A subtitle format in the file that no installed decoder shows, as GStreamer names it.
        case format(String)
    }

    /// The line under an entry that cannot be picked, or that is damaged.
    public enum Note: Hashable, Sendable {
        /// A subtitle format no installed decoder shows.
        case cannotBeShownHere
        /// What the subtitle reader found wrong.
        case problem(SubtitleNote)
    }

    /// The soundtracks; empty when the file has at most one (nothing to choose).
    public let audio: [Entry]
    /// "Off", then every subtitle track, then the subtitle files and embedded formats that cannot be shown; empty when
    /// there are none.
    public let subtitles: [Entry]
    /// The "Character Encoding" choices for the subtitle files beside the video; nil when it has none.
    public var encodings: EncodingMenu?

    /// The menu of `tracks` as they stand.
    public init(_ tracks: ItemTracks) {
        audio =
            tracks.audio.count < 2
            ? []
            : TrackMenu.entries(tracks.audio, inUse: tracks.audioInUse, notes: [:])
        guard !tracks.subtitles.isEmpty || !tracks.unusable.isEmpty || !tracks.unshowable.isEmpty else {
            subtitles = []
            return
        }
        let off = Entry(id: nil, label: .off, note: nil, isSelected: tracks.subtitlesInUse == nil, isEnabled: true)
        let broken = tracks.unusable.map { id in
            Entry(
                id: id, label: .file(TrackMenu.fileName(id) ?? "\(id)"), note: tracks.notes[id].map(Note.problem), isSelected: false,
                isEnabled: false)
        }
        let missing = tracks.unshowable.map { format in
            Entry(id: nil, label: .format(format), note: .cannotBeShownHere, isSelected: false, isEnabled: false)
        }
        subtitles = [off] + TrackMenu.entries(tracks.subtitles, inUse: tracks.subtitlesInUse, notes: tracks.notes) + broken + missing
    }

    /// Whether the menu has anything to offer.
    public var isEmpty: Bool { audio.isEmpty && subtitles.isEmpty }

    /// A track's label: its language (or its number), then its title, "forced", and the file for a subtitle file.
    public static func label(_ track: MediaTrack, number: Int) -> TrackLabel {
        TrackLabel(
            language: track.language?.name, number: number, title: track.title.flatMap { $0.isEmpty ? nil : $0 },
            isForced: track.isForced, fileName: fileName(track.id))
    }

    private static func entries(_ tracks: [MediaTrack], inUse: TrackID?, notes: [TrackID: SubtitleNote]) -> [Entry] {
        let labels = tracks.enumerated().map { label($1, number: $0 + 1) }
        return tracks.enumerated().map { index, track in
            var label = labels[index]
            // Two tracks alike in language and title are told apart by their codec.
            if labels.filter({ readAlike($0, label) }).count > 1 { label.codec = track.codec }
            return Entry(
                id: track.id, label: .track(label), note: notes[track.id].map(Note.problem), isSelected: track.id == inUse,
                isEnabled: true)
        }
    }

    /// Whether two labels say the same: the number is said only when there is no language.
    private static func readAlike(_ one: TrackLabel, _ other: TrackLabel) -> Bool {
        one.language == other.language && one.title == other.title && one.isForced == other.isForced
            && one.fileName == other.fileName && (one.language != nil || one.number == other.number)
    }

    private static func fileName(_ id: TrackID) -> String? {
        if case .sidecar(let name) = id { return name }
        return nil
    }
}

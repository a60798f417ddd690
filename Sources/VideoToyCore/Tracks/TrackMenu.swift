/// The "Audio and subtitles" menu of a video, worded: every soundtrack, "Off" and every subtitle track, with notes on
/// subtitle files that are damaged or cannot be shown.
public struct TrackMenu: Hashable, Sendable {
    /// One entry of the menu.
    public struct Entry: Hashable, Sendable {
        /// The track it picks; nil is "Off".
        public let id: TrackID?
        /// What the entry says: "English", "French — Commentary", "Off".
        public let label: String
        /// A line under it: what is wrong with the file.
        public let note: String?
        /// Whether it is the track in use.
        public let isSelected: Bool
        /// Whether it can be picked.
        public let isEnabled: Bool
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
        let off = Entry(id: nil, label: "Off", note: nil, isSelected: tracks.subtitlesInUse == nil, isEnabled: true)
        let broken = tracks.unusable.map { id in
            Entry(id: id, label: TrackMenu.fileName(id) ?? "\(id)", note: tracks.notes[id], isSelected: false, isEnabled: false)
        }
        let missing = tracks.unshowable.map { format in
            Entry(id: nil, label: format, note: "cannot be shown here", isSelected: false, isEnabled: false)
        }
        subtitles = [off] + TrackMenu.entries(tracks.subtitles, inUse: tracks.subtitlesInUse, notes: tracks.notes) + broken + missing
    }

    /// Whether the menu has anything to offer.
    public var isEmpty: Bool { audio.isEmpty && subtitles.isEmpty }

    /// A track's label: its language (or "Track N"), then its title, "forced", and the file for a subtitle file.
    public static func label(_ track: MediaTrack, number: Int) -> String {
        var details: [String] = []
        if let title = track.title, !title.isEmpty { details.append(title) }
        if track.isForced { details.append("forced") }
        if let name = fileName(track.id) { details.append(name) }
        let base = track.language?.name ?? "Track \(number)"
        return details.isEmpty ? base : base + " — " + details.joined(separator: ", ")
    }

    private static func entries(_ tracks: [MediaTrack], inUse: TrackID?, notes: [TrackID: String]) -> [Entry] {
        let labels = tracks.enumerated().map { label($1, number: $0 + 1) }
        return tracks.enumerated().map { index, track in
            var label = labels[index]
            // Two tracks alike in language and title are told apart by their codec.
            if labels.filter({ $0 == label }).count > 1, let codec = track.codec { label += " (\(codec))" }
            return Entry(id: track.id, label: label, note: notes[track.id], isSelected: track.id == inUse, isEnabled: true)
        }
    }

    private static func fileName(_ id: TrackID) -> String? {
        if case .sidecar(let name) = id { return name }
        return nil
    }
}

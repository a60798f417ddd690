/// One audio or subtitle track of a file, as its menu lists it and the `tracks` event reports it.
public struct MediaTrack: Hashable, Sendable {
    /// Which track this is.
    public let id: TrackID
    /// The language from the track's tags or the subtitle file's name, if it says.
    public let language: Language?
    /// The track's title ("Director's commentary", "SDH"), if it has one.
    public let title: String?
    /// The codec or format by the name people know ("AAC", "SubRip", "ASS"), if known.
    public let codec: String?
    /// Marked as the track to use by default.
    public let isDefault: Bool
    /// Marked forced: shown even when subtitles are otherwise off (signs, a foreign-language scene).
    public let isForced: Bool

    /// Describes a track.
    public init(
        id: TrackID, language: Language? = nil, title: String? = nil, codec: String? = nil, isDefault: Bool = false, isForced: Bool = false
    ) {
        self.id = id
        self.language = language
        self.title = title
        self.codec = codec
        self.isDefault = isDefault
        self.isForced = isForced
    }

    /// What the track carries.
    public var kind: TrackKind { id.kind }

    /// Whether the track is a file beside the video rather than part of it.
    public var isExternal: Bool {
        if case .sidecar = id { return true }
        return false
    }
}

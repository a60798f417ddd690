/// A subtitle file beside a video, with what its name says about it (`film.fr.forced.srt`: French, forced).
public struct SidecarFile: Hashable, Sendable {
    /// The file's name in the video's folder.
    public let name: String
    /// The format its extension names.
    public let format: SubtitleFormat
    /// The language its name gives, if any.
    public let language: Language?
    /// Named forced: shown even when subtitles are off.
    public let isForced: Bool
    /// What the rest of its name says ("SDH", "commentary"), if anything.
    public let title: String?

    /// Describes a sidecar.
    public init(name: String, format: SubtitleFormat, language: Language? = nil, isForced: Bool = false, title: String? = nil) {
        self.name = name
        self.format = format
        self.language = language
        self.isForced = isForced
        self.title = title
    }

    /// The sidecar as a track of the video's menu.
    public var track: MediaTrack {
        MediaTrack(id: .sidecar(name), language: language, title: title, codec: format.label, isDefault: false, isForced: isForced)
    }
}

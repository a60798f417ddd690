/// A subtitle file's format, named by the extension it goes by.
public enum SubtitleFormat: String, Hashable, Sendable, CaseIterable {
    /// SubRip: numbered cues with `00:00:01,000 --> 00:00:02,500` timings.
    case subRip = "srt"
    /// WebVTT: the web's subtitle format, with a `WEBVTT` header.
    case webVTT = "vtt"
    /// Advanced SubStation Alpha: styled lines in an `[Events]` section.
    case ass
    /// SubStation Alpha, the older form of ASS.
    case ssa

    /// The format a file extension ("srt", "VTT", ".ass") names; nil for any other extension.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        self.init(rawValue: lowered.hasPrefix(".") ? String(lowered.dropFirst()) : lowered)
    }

    /// The format's name as people know it, also the codec a track menu shows: "SubRip", "WebVTT", "ASS", "SSA".
    public var label: String {
        switch self {
        case .subRip: "SubRip"
        case .webVTT: "WebVTT"
        case .ass: "ASS"
        case .ssa: "SSA"
        }
    }
}

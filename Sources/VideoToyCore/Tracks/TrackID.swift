/// Names one track of a file, the same way every time the file is opened, so a choice can be remembered.
public enum TrackID: Hashable, Sendable, CustomStringConvertible {
    /// The file's audio track at this index, in the order the demuxer lists them.
    case audio(Int)
    /// The file's embedded subtitle track at this index, in the order the demuxer lists them.
    case subtitles(Int)
    /// A subtitle file beside the video, by its file name.
    case sidecar(String)

    /// The kind of track named.
    public var kind: TrackKind {
        switch self {
        case .audio: .audio
        case .subtitles, .sidecar: .subtitles
        }
    }

    /// The stable spelling used in the events log and the settings file: "audio/1", "subtitles/0",
    /// "file/film.fr.srt".
    public var description: String {
        switch self {
        case .audio(let index): "audio/\(index)"
        case .subtitles(let index): "subtitles/\(index)"
        case .sidecar(let name): "file/\(name)"
        }
    }

    /// Reads the spelling `description` writes; nil for anything else.
    public init?(_ text: String) {
        guard let slash = text.firstIndex(of: "/") else { return nil }
        let head = text[..<slash], tail = String(text[text.index(after: slash)...])
        switch head {
        case "audio": guard let index = Int(tail), index >= 0 else { return nil }; self = .audio(index)
        case "subtitles": guard let index = Int(tail), index >= 0 else { return nil }; self = .subtitles(index)
        case "file": guard !tail.isEmpty, !tail.contains("/") else { return nil }; self = .sidecar(tail)
        default: return nil
        }
    }
}

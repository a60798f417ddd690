/// Where the user wants the sound: following the video's screen, the system's default output, or one output.
public enum AudioChoice: Hashable, Sendable, CustomStringConvertible {
    /// The sound goes to the output of the screen showing the video, when it has one (the default).
    case follow
    /// The sound stays on the sound server's default output.
    case systemDefault
    /// The sound goes to this output (a sink name), while it exists.
    case output(String)

    /// Reads `follow`, `default` or an output's name, as `--audio-output` and the settings file spell it; nil for
    /// an empty text.
    public init?(argument: String) {
        switch argument {
        case "": return nil
        case "follow": self = .follow
        case "default": self = .systemDefault
        default: self = .output(argument)
        }
    }

    /// The spelling `init(argument:)` reads.
    public var argument: String {
        switch self {
        case .follow: "follow"
        case .systemDefault: "default"
        case .output(let name): name
        }
    }

    /// The same as `argument`.
    public var description: String { argument }
}

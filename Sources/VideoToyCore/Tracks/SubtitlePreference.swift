/// What `--subtitles` asks for: the file's own defaults, none, or languages in order of preference.
public enum SubtitlePreference: Hashable, Sendable {
    /// Subtitles only when a track is forced or marked default, or a subtitle file has the video's name alone.
    case auto
    /// No subtitles, forced ones included.
    case off
    /// The first of these languages that has subtitles, else as `auto`.
    case languages([Language])

    /// Reads `auto`, `off` or a comma-separated list of language codes; nil for anything else.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self = .auto
        case "off", "none", "no": self = .off
        default:
            guard let languages = Language.list(argument) else { return nil }
            self = .languages(languages)
        }
    }
}

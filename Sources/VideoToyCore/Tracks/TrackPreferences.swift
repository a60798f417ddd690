/// The track preferences of a run: `--audio-language`, `--subtitles`, and the user's own language.
public struct TrackPreferences: Hashable, Sendable {
    /// Soundtrack languages in order of preference; empty follows the file's default track.
    public var audioLanguages: [Language]
    /// Which subtitles to show.
    public var subtitles: SubtitlePreference
    /// The language of the user's locale (`LANG`), which picks among subtitle files named with languages.
    public var userLanguage: Language?

    /// Preferences; the defaults follow each file.
    public init(audioLanguages: [Language] = [], subtitles: SubtitlePreference = .auto, userLanguage: Language? = nil) {
        self.audioLanguages = audioLanguages
        self.subtitles = subtitles
        self.userLanguage = userLanguage
    }

    /// Whether the command line asked for something for soundtracks (which then wins over a remembered choice).
    var asksForAudio: Bool { !audioLanguages.isEmpty }

    /// Whether the command line asked for something for subtitles.
    var asksForSubtitles: Bool { subtitles != .auto }
}

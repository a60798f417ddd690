/// How to read a video's subtitle files: the encoding the user forced for them, if any, and the user's language,
/// which breaks a tie between a detector's guesses.
public struct SubtitleReading: Hashable, Sendable {
    /// The encoding the user picked for this video's subtitle files; nil detects it.
    public var forced: TextEncoding?
    /// The language of the user's locale.
    public var language: Language?

    /// A way of reading.
    public init(forced: TextEncoding? = nil, language: Language? = nil) {
        self.forced = forced
        self.language = language
    }
}

/// Which encoding a subtitle file's bytes are read in, and why: a pure rule the tables in `EncodingDecisionTests`
/// pin down. A user's pick wins; then a byte order mark, valid UTF-8 (or UTF-16 its zero bytes betray), the
/// detector's guess (the user's language breaking a tie), the user's language's usual legacy encoding, and at last
/// Windows-1252.
public struct EncodingDecision: Hashable, Sendable {
    /// Why the encoding was chosen.
    public enum Reason: String, Hashable, Sendable {
        case forced, byteOrderMark, unicode, detected, language, fallback
    }

    /// The encoding used; nil for UTF-16 or UTF-32 the core reads itself.
    public let encoding: TextEncoding?
    /// Why.
    public let reason: Reason

    /// A decision.
    public init(_ encoding: TextEncoding?, _ reason: Reason) {
        self.encoding = encoding
        self.reason = reason
    }

    /// How much of a file's start the detector reads: enough for a detector to be sure, little enough that hostile
    /// bytes cost it nothing.
    public static let detectorBytes = 64 << 10

    /// Guesses whose confidence differs by less than this are a tie.
    static let tie = 0.05

    /// The encoding of `bytes`; `detect` is asked only when the bytes are neither Unicode nor forced.
    public static func decide(
        _ bytes: [UInt8], forced: TextEncoding?, language: Language?, detect: (ArraySlice<UInt8>) -> [EncodingGuess]
    ) -> EncodingDecision {
        if let forced { return EncodingDecision(forced, .forced) }
        switch SubtitleText.unicodeForm(bytes) {
        case .byteOrderMark(let isUTF8): return EncodingDecision(isUTF8 ? .utf8 : nil, .byteOrderMark)
        case .utf8: return EncodingDecision(.utf8, .unicode)
        case .utf16: return EncodingDecision(nil, .unicode)
        case .none: break
        }
        let guesses = detect(bytes.prefix(detectorBytes)).filter { $0.encoding != .utf8 }
        if let best = choose(guesses, language: language) { return EncodingDecision(best, .detected) }
        if let language, let usual = TextEncoding.legacy(for: language) { return EncodingDecision(usual, .language) }
        return EncodingDecision(.windows1252, .fallback)
    }

    /// The best guess; among guesses as sure as the best, one that holds the user's language.
    static func choose(_ guesses: [EncodingGuess], language: Language?) -> TextEncoding? {
        guard let first = guesses.first else { return nil }
        let top = guesses.compactMap(\.confidence).max() ?? first.confidence
        let tied = guesses.filter { guess in
            guard let top, let confidence = guess.confidence else { return guess == first }
            return top - confidence < tie
        }
        if let language, let preferred = tied.first(where: { $0.encoding.holds(language) }) { return preferred.encoding }
        return (tied.first ?? first).encoding
    }
}

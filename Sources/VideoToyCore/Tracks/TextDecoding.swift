/// The port to a charset detector and converter (uchardet and iconv in the media adapter), which the core's
/// `EncodingDecision` asks only for text that is neither Unicode nor plainly Windows-1252.
public protocol TextDecoding: Sendable {
    /// The detector's guesses for `head` (a bounded start of the file), best first; empty when it has none.
    func detect(_ head: ArraySlice<UInt8>) -> [EncodingGuess]
    /// `bytes` read as `encoding`, each byte that is invalid there read as U+FFFD.
    func convert(_ bytes: ArraySlice<UInt8>, from encoding: TextEncoding) -> String
}

/// One guess of a charset detector: an encoding and, where the detector says, how sure it is (0…1).
public struct EncodingGuess: Hashable, Sendable {
    /// The encoding guessed.
    public let encoding: TextEncoding
    /// How sure the detector is; nil when it does not say.
    public let confidence: Double?

    /// A guess.
    public init(_ encoding: TextEncoding, confidence: Double? = nil) {
        self.encoding = encoding
        self.confidence = confidence
    }
}

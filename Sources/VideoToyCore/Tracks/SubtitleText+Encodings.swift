/// Legacy encodings: bytes that are neither Unicode nor Windows-1252 are read through a detector and converter.
extension SubtitleText {
    /// The Unicode form bytes are in, as far as they betray it.
    public enum UnicodeForm: Hashable, Sendable {
        /// A byte order mark; `isUTF8` for UTF-8's.
        case byteOrderMark(isUTF8: Bool)
        /// UTF-8, or UTF-8 with a few stray bytes (text pasted together from files in two encodings).
        case utf8
        /// UTF-16 without a mark, which its zero bytes betray.
        case utf16
    }

    /// The Unicode form of `bytes`; nil when they are some other encoding.
    ///
    /// Stray bytes are forgiven only when valid sequences outnumber them two to one: double-byte encodings such as
    /// GBK form a valid UTF-8 pair by chance in about one pair of twelve.
    public static func unicodeForm(_ bytes: [UInt8]) -> UnicodeForm? {
        let marks: [([UInt8], Bool)] = [
            ([0xEF, 0xBB, 0xBF], true), ([0xFF, 0xFE], false), ([0xFE, 0xFF], false), ([0, 0, 0xFE, 0xFF], false),
        ]
        if let mark = marks.first(where: { bytes.starts(with: $0.0) }) { return .byteOrderMark(isUTF8: mark.1) }
        if utf16WithoutMark(bytes) != nil { return .utf16 }
        let (sequences, strays) = utf8Tally(bytes[...])
        return strays == 0 || sequences > 2 * strays ? .utf8 : nil
    }

    /// The file's text read in the encoding `decision` names, with `decoder` converting a legacy one; the checks and
    /// line ends of `decode(_:)` apply all the same.
    public static func decode(_ bytes: [UInt8], as decision: EncodingDecision, decoder: TextDecoding?) -> Result<String, SubtitleProblem> {
        guard let encoding = decision.encoding, encoding != .utf8, let decoder else { return decode(bytes) }
        // Windows-1252 that no one forced is read the way it always was, stray UTF-8 sequences and all.
        if encoding == .windows1252 && decision.reason != .forced { return decode(bytes) }
        guard !bytes.isEmpty else { return .failure(.empty) }
        return decode(Array(decoder.convert(bytes[...], from: encoding).utf8))
    }
}

/// Turns a subtitle file's bytes into text, whatever encoding it was saved in: UTF-8, UTF-16 or UTF-32 with a byte
/// order mark, UTF-16 without one when its zero bytes leave no doubt, and otherwise Windows-1252 (a superset of
/// Latin-1), so that "é" is never read as "Ã©".
public enum SubtitleText {
    /// The file's text with its line ends as "\n", or why it is not text.
    ///
    /// A file whose start is binary (zero bytes, many control bytes) is not text; damage further on is kept as
    /// U+FFFD so the parser can say where it is.
    public static func decode(_ bytes: [UInt8]) -> Result<String, SubtitleProblem> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        var scalars = scalars(of: bytes)
        while let last = scalars.last, last == "\u{0}" || last == "\u{1A}" {
            // Zero padding from an interrupted copy, and the end-of-file mark old DOS editors wrote.
            scalars.removeLast()
        }
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var zeros = 0, controls = 0
        for scalar in scalars.prefix(headLength) {
            if scalar == "\u{0}" { zeros += 1 } else if isControl(scalar) { controls += 1 }
        }
        if zeros > 1 || zeros + controls > 1 + min(scalars.count, headLength) / 64 { return .failure(.notText) }
        let text = normalized(scalars)
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return .failure(.empty) }
        return .success(text)
    }

    /// The text with CRLF and lone CR line ends turned into "\n", and a leading byte order mark dropped.
    static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\u{FEFF}" || $0 == "\u{0}" }) else { return text }
        let scalars = Array(text.unicodeScalars)
        return normalized(scalars.first == "\u{FEFF}" ? Array(scalars.dropFirst()) : scalars)
    }

    // How much of the start decides whether a file is text at all.
    private static let headLength = 1024

    private static func normalized(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" {
                view.append("\n")
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            } else if scalar == "\u{0}" || isControl(scalar) {
                view.append("\u{FFFD}")
            } else {
                view.append(scalar)
            }
            index += 1
        }
        return String(view)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00..<0x20, 0x7F: true
        default: false
        }
    }

    private static func scalars(of bytes: [UInt8]) -> [Unicode.Scalar] {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return utf32(bytes.dropFirst(4), bigEndian: false) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return utf32(bytes.dropFirst(4), bigEndian: true) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return eightBit(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if let bigEndian = utf16WithoutMark(bytes) { return utf16(bytes[...], bigEndian: bigEndian) }
        return eightBit(bytes[...])
    }

    /// Whether the zero bytes fall where UTF-16 puts the high byte of ASCII characters (timings, digits, line ends):
    /// at odd offsets for little endian, even for big endian, and almost never on the other side or in pairs.
    static func utf16WithoutMark(_ bytes: [UInt8]) -> Bool? {
        let pairs = min(bytes.count, 4096) / 2
        guard pairs >= 4 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for pair in 0..<pairs {
            switch (bytes[2 * pair], bytes[2 * pair + 1]) {
            case (0, 0): return nil
            case (0, _): evenZeros += 1
            case (_, 0): oddZeros += 1
            default: break
            }
        }
        let most = max(evenZeros, oddZeros), least = min(evenZeros, oddZeros)
        guard most * 4 >= pairs, least * 20 <= most else { return nil }
        return evenZeros > oddZeros
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [Unicode.Scalar] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).unicodeScalars)
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count / 4)
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            let word = (0..<4).reduce(UInt32(0)) { value, offset in
                let byte = UInt32(bytes[index + (bigEndian ? offset : 3 - offset)])
                return value << 8 | byte
            }
            scalars.append(Unicode.Scalar(word) ?? "\u{FFFD}")
            index += 4
        }
        return scalars
    }

    /// UTF-8 when the bytes are valid UTF-8; Windows-1252 when they are not; and when most of the non-ASCII text is
    /// valid UTF-8 with a few stray bytes, UTF-8 with those bytes read as Windows-1252.
    private static func eightBit(_ bytes: ArraySlice<UInt8>) -> [Unicode.Scalar] {
        let (sequences, strays) = utf8Tally(bytes)
        if strays == 0 { return Array(String(decoding: bytes, as: UTF8.self).unicodeScalars) }
        let mixed = sequences > strays
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if mixed, bytes[index] >= 0x80, let length = utf8Length(bytes, at: index) {
                scalars.append(contentsOf: String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars)
                index += length
            } else {
                scalars.append(windows1252(bytes[index]))
                index += 1
            }
        }
        return scalars
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms, no surrogates).
    /// How many valid multi-byte UTF-8 sequences `bytes` hold, and how many non-ASCII bytes belong to none.
    static func utf8Tally(_ bytes: ArraySlice<UInt8>) -> (sequences: Int, strays: Int) {
        var sequences = 0, strays = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] < 0x80 {
                index += 1
            } else if let length = utf8Length(bytes, at: index) {
                sequences += 1
                index += length
            } else {
                strays += 1
                index += 1
            }
        }
        return (sequences, strays)
    }

    static func utf8Length(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.endIndex else { return nil }
        guard (low...high).contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let value = windows1252High[Int(byte - 0x80)]
        // The five bytes Windows-1252 leaves undefined read as Latin-1.
        return Unicode.Scalar(value == 0 ? UInt32(byte) : UInt32(value)) ?? "\u{FFFD}"
    }

    // Windows-1252's 0x80–0x9F, where it differs from Latin-1; 0 for the undefined bytes.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}

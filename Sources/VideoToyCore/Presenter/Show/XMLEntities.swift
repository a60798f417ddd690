/// XML's predefined entities and character references, as `XMLTokens` resolves them in text and attributes.
enum XMLEntities {
    /// Longest reference looked at: `&#x10FFFF;` and every predefined name fit well within it.
    static let longest = 32

    /// The text a reference starting at `index` (an `&`) stands for and the index after its `;`, or nil when it
    /// is not a reference (no `;` close by, or an unknown name), so the caller keeps it as it is.
    ///
    /// A numeric reference that is malformed, out of range or names a character XML 1.0 cannot carry gives
    /// U+FFFD, since the writer meant some character there.
    static func reference(in bytes: [UInt8], at index: Int, before limit: Int) -> (text: String, end: Int)? {
        let bodyStart = index + 1
        let searchEnd = min(limit, bodyStart + longest)
        guard bodyStart < searchEnd, let semicolon = bytes[bodyStart..<searchEnd].firstIndex(of: UInt8(ascii: ";")) else {
            return nil
        }
        let body = bytes[bodyStart..<semicolon]
        if body.first == UInt8(ascii: "#") {
            return (String(numeric(body.dropFirst())), semicolon + 1)
        }
        let named: String? =
            switch String(decoding: body, as: UTF8.self) {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default: nil
            }
        return named.map { ($0, semicolon + 1) }
    }

    private static func numeric(_ digits: ArraySlice<UInt8>) -> Character {
        var digits = digits
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return "\u{FFFD}" }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = digitValue(byte), digit < radix else { return "\u{FFFD}" }
            // Capped just past the largest scalar: enough to know it is out of range, never overflowing.
            value = min(value * radix + digit, 0x11_0000)
        }
        guard isXMLCharacter(value), let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return Character(scalar)
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's `Char` production.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }
}

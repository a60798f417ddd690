/// The colour of subtitle text, eight bits a channel; always drawn opaque.
public struct SubtitleColour: Hashable, Sendable {
    /// Red, 0–255.
    public let red: UInt8
    /// Green, 0–255.
    public let green: UInt8
    /// Blue, 0–255.
    public let blue: UInt8

    /// A colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour as `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// `#rrggbb`, as Pango and CSS read it.
    public var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// An ASS colour, `&HAABBGGRR&` (red in the low byte, the alpha byte ignored): hex after any "&" and "H" in an
    /// override tag, as libass reads it; in a style line hex after "&H" and otherwise decimal, as SSA writes it. Nil
    /// when `text` is no such number.
    static func ass(_ text: Substring, inStyle: Bool) -> SubtitleColour? {
        var digits = text.trimmingWhitespace()
        while digits.last == "&" { digits = digits.dropLast() }
        var radix = 16
        if inStyle {
            let prefix = digits.prefix(2).lowercased()
            if prefix == "&h" || prefix == "0x" { digits = digits.dropFirst(2) } else { radix = 10 }
        } else {
            digits = digits.drop { $0 == "&" || $0 == "H" || $0 == "h" }
        }
        guard !digits.isEmpty, digits.count <= 11 else { return nil }
        let number = radix == 16 ? UInt32(digits, radix: 16) : Int64(digits).map { UInt32(truncatingIfNeeded: $0) }
        guard let value = number else { return nil }
        return SubtitleColour(
            red: UInt8(truncatingIfNeeded: value), green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value >> 16))
    }

    /// An HTML colour as SubRip's `<font color>` holds it: `#rrggbb`, `#rgb`, the same without "#", or one of the
    /// HTML 4 names; nil for anything else.
    static func html(_ text: Substring) -> SubtitleColour? {
        let value = text.trimmingWhitespace().lowercased()
        if let named = htmlNames[value] { return SubtitleColour(rgb: named) }
        let digits = value.hasPrefix("#") ? value.dropFirst() : value[...]
        guard digits.allSatisfy(\.isHexDigit), let number = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 6: return SubtitleColour(rgb: number)
        case 3:
            let spread = { (nibble: UInt32) in UInt8(nibble & 0xF) * 17 }
            return SubtitleColour(red: spread(number >> 8), green: spread(number >> 4), blue: spread(number))
        default: return nil
        }
    }

    /// The colour a WebVTT default colour class names (`<c.yellow>`), nil for other classes.
    static func webVTTClass(_ name: Substring) -> SubtitleColour? {
        webVTTClasses[String(name)].map(SubtitleColour.init(rgb:))
    }

    private static let webVTTClasses: [String: UInt32] = [
        "white": 0xFFFFFF, "lime": 0x00FF00, "cyan": 0x00FFFF, "red": 0xFF0000, "yellow": 0xFFFF00, "magenta": 0xFF00FF,
        "blue": 0x0000FF, "black": 0x000000,
    ]

    private static let htmlNames: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF, "maroon": 0x800000,
        "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF, "green": 0x008000, "lime": 0x00FF00,
        "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080, "blue": 0x0000FF, "teal": 0x008080, "aqua": 0x00FFFF,
        "cyan": 0x00FFFF, "orange": 0xFFA500,
    ]
}

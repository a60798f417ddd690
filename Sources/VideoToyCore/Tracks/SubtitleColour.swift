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
    /// HTML 4 and common CSS names; nil for anything else.
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
        // CSS names subtitle editors offer beside HTML's sixteen.
        "brown": 0xA52A2A, "pink": 0xFFC0CB, "gold": 0xFFD700, "violet": 0xEE82EE, "indigo": 0x4B0082, "beige": 0xF5F5DC,
        "coral": 0xFF7F50, "crimson": 0xDC143C, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "salmon": 0xFA8072,
        "tan": 0xD2B48C, "turquoise": 0x40E0D0, "chocolate": 0xD2691E, "tomato": 0xFF6347, "orchid": 0xDA70D6,
        "plum": 0xDDA0DD, "wheat": 0xF5DEB3, "ivory": 0xFFFFF0, "skyblue": 0x87CEEB, "darkred": 0x8B0000,
        "darkgreen": 0x006400, "darkblue": 0x00008B, "darkorange": 0xFF8C00, "lightblue": 0xADD8E6,
        "lightgreen": 0x90EE90, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3, "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9,
        "lightyellow": 0xFFFFE0, "hotpink": 0xFF69B4, "deeppink": 0xFF1493, "limegreen": 0x32CD32,
        "royalblue": 0x4169E1, "steelblue": 0x4682B4, "firebrick": 0xB22222, "goldenrod": 0xDAA520,
    ]
}

import VideoToyCore

/// Styled text written compactly for test tables: each part is its text and a code, the letters `i`, `b`, `u`, `s`
/// for italic, bold, underlined and struck through, then `#rrggbb` for a colour ("" is the plain style).
enum StyleCode {
    /// The style a code names.
    static func style(_ code: String) -> SubtitleStyle {
        var style = SubtitleStyle()
        var rest = code[...]
        while let char = rest.first, char != "#" {
            switch char {
            case "i": style.isItalic = true
            case "b": style.isBold = true
            case "u": style.isUnderlined = true
            case "s": style.isStruckThrough = true
            default: preconditionFailure("no style letter \(char) in \(code)")
            }
            rest = rest.dropFirst()
        }
        if rest.first == "#", let rgb = UInt32(rest.dropFirst(), radix: 16) { style.colour = SubtitleColour(rgb: rgb) }
        return style
    }

    /// Styled text from its parts.
    static func text(_ parts: [(String, String)]) -> StyledText {
        StyledText(parts.map { StyledRun($0.0, style($0.1)) })
    }
}

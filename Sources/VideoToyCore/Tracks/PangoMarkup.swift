/// Writes styled subtitle text as Pango markup, for a label to draw: each run a `<span>` with its emphasis and
/// colour, every character of the text escaped, so no cue (a "<3", an "&", a tag the reader did not know) can
/// break the markup or add to it.
public enum PangoMarkup {
    /// The markup for `text`; runs in the plain style are bare text.
    public static func markup(_ text: StyledText) -> String {
        text.runs.map { run in
            let attributes = attributes(run.style)
            let body = escaped(run.text)
            return attributes.isEmpty ? body : "<span " + attributes.joined(separator: " ") + ">" + body + "</span>"
        }.joined()
    }

    /// `text` with the five XML specials as entities and the control characters XML forbids (all below U+0020 but
    /// tab and line feed) left out.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    private static func attributes(_ style: SubtitleStyle) -> [String] {
        var attributes: [String] = []
        if style.isItalic { attributes.append("style=\"italic\"") }
        if style.isBold { attributes.append("weight=\"bold\"") }
        if style.isUnderlined { attributes.append("underline=\"single\"") }
        if style.isStruckThrough { attributes.append("strikethrough=\"true\"") }
        if let colour = style.colour { attributes.append("foreground=\"\(colour.hex)\"") }
        return attributes
    }
}

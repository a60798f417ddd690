/// The HTML-like tags of SubRip, WebVTT and GStreamer's Pango text that are open at a point of a cue, and the style
/// they give the text there.
///
/// The style is worked out afresh from the open tags, so tags closed out of order (`<b><i>x</b>y</i>`) leave the
/// others in force, a closing tag with no opening one changes nothing, and tags never closed last to the cue's end.
struct CueTags {
    /// What a tag does to the text inside it.
    enum Effect: Hashable {
        case italic
        case bold
        case underline
        case strikeThrough
        case colour(SubtitleColour)
    }

    /// The style outside every tag.
    var base: SubtitleStyle
    private var open: [(name: String, effects: [Effect])] = []

    init(base: SubtitleStyle = .plain) { self.base = base }

    /// The style the open tags give.
    var style: SubtitleStyle {
        open.flatMap(\.effects).reduce(into: base) { style, effect in
            switch effect {
            case .italic: style.isItalic = true
            case .bold: style.isBold = true
            case .underline: style.isUnderlined = true
            case .strikeThrough: style.isStruckThrough = true
            case .colour(let colour): style.colour = colour
            }
        }
    }

    /// Opens a tag named `name` (lowercased).
    mutating func open(_ name: String, _ effects: [Effect]) { open.append((name, effects)) }

    /// Closes the innermost open tag named `name`; nothing when none is open.
    mutating func close(_ name: String) {
        if let index = open.lastIndex(where: { $0.name == name }) { open.remove(at: index) }
    }

    /// The effect of a SubRip or Pango tag (`i`, `b`, `u`, `s`, `font color="…"`, `span foreground="…"`), from the
    /// text between its brackets after the name; none for a tag that styles nothing.
    static func subRipEffects(name: String, attributes: Substring) -> [Effect] {
        switch name {
        case "i": return [.italic]
        case "b": return [.bold]
        case "u": return [.underline]
        case "s": return [.strikeThrough]
        case "font", "span":
            let keys = name == "font" ? ["color"] : ["foreground", "fgcolor", "color"]
            for key in keys {
                if let value = attribute(key, in: attributes), let colour = SubtitleColour.html(value) { return [.colour(colour)] }
            }
            return []
        default: return []
        }
    }

    /// The effect of a WebVTT tag: `i`, `b` and `u` by name, and a colour from the first of its classes
    /// (`<c.yellow>`, `<v.red Bob>`) that is one of WebVTT's default colours.
    static func webVTTEffects(name: String, classes: [Substring]) -> [Effect] {
        var effects: [Effect] = []
        switch name {
        case "i": effects.append(.italic)
        case "b": effects.append(.bold)
        case "u": effects.append(.underline)
        default: break
        }
        if let colour = classes.lazy.compactMap(SubtitleColour.webVTTClass).first { effects.append(.colour(colour)) }
        return effects
    }

    /// The value of `key="…"` (or '…', or unquoted) among a tag's attributes, the key in any case.
    private static func attribute(_ key: String, in attributes: Substring) -> Substring? {
        var rest = attributes[...]
        while true {
            rest = rest.drop(while: \.isWhitespace)
            let name = rest.prefix(while: { $0.isLetter || $0 == "_" || $0 == "-" })
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count).drop(while: \.isWhitespace)
            var value: Substring = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = rest.dropFirst().prefix(while: { $0 != quote })
                    rest = rest.dropFirst(value.count + 2)
                } else {
                    value = rest.prefix(while: { !$0.isWhitespace })
                    rest = rest.dropFirst(value.count)
                }
            }
            if name.lowercased() == key { return value }
        }
    }
}

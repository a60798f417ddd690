/// Reads the markup of cue text into styled text: SubRip's HTML-like tags and `{\an8}`-style blocks, WebVTT's tags,
/// classes and character references, ASS override blocks and escapes. Where the markup puts the cue, says so.
///
/// Every character that is not markup is kept as text, so nothing a file holds can reach the view as markup.
enum CueMarkup {
    /// SubRip lines: `<i>`, `<b>`, `<u>`, `<s>` and `<font color="…">` style the text, other tags of SubRip's
    /// vocabulary are dropped, `{\…}` blocks are read as ASS overrides; other text in angle brackets ("<3") stays.
    static func subRip(_ lines: [Substring]) -> (text: StyledText, placement: SubtitlePlacement) {
        tagged(lines, readingReferences: false)
    }

    /// Text GStreamer's subtitle parsers marked up for Pango, read as a SubRip cue (with `<span foreground>` as well,
    /// and any `{\an8}` Matroska's SubRip kept), its XML character references read. The markup is not always valid (a
    /// tagged Matroska cue keeps a bare "&" or "<"), so nothing here requires it.
    static func pango(_ text: String) -> (text: StyledText, placement: SubtitlePlacement) {
        tagged(text.split(separator: "\n", omittingEmptySubsequences: false), readingReferences: true)
    }

    /// WebVTT lines: `<i>`, `<b>`, `<u>` and the default colour classes (`<c.yellow>`) style the text, every other
    /// tag (`<v Name>`, `<00:01.000>`…) is dropped, character references are read.
    static func webVTT(_ lines: [Substring]) -> StyledText {
        var builder = StyledTextBuilder()
        var tags = CueTags()
        for (number, line) in lines.enumerated() {
            if number > 0 { builder.breakLine() }
            var rest = line[...]
            while let char = rest.first {
                if char == "<", let close = rest.firstIndex(of: ">") {
                    let inside = rest[rest.index(after: rest.startIndex)..<close]
                    let head = inside.prefix { !$0.isWhitespace }
                    if head.first == "/" {
                        tags.close(head.dropFirst().prefix { $0 != "." }.lowercased())
                    } else if head.first?.isLetter == true {
                        let parts = head.split(separator: ".", omittingEmptySubsequences: false)
                        let name = parts[0].lowercased()
                        tags.open(name, CueTags.webVTTEffects(name: name, classes: Array(parts.dropFirst())))
                    }
                    rest = rest[rest.index(after: close)...]
                } else if char == "&", let (decoded, after) = reference(at: rest) {
                    builder.style = tags.style
                    builder.append(decoded)
                    rest = after
                } else {
                    builder.style = tags.style
                    builder.append(char)
                    rest = rest.dropFirst()
                }
            }
        }
        return builder.text()
    }

    /// An ASS event's text in `style` as its override blocks change it, without drawings, `\N` and `\n` as line breaks
    /// and `\h` as a space; placed by its first `\pos` (on `canvas`), `\an` or `\a` tag, else by `style`.
    static func ass(
        _ text: Substring, style: ASSStyle, styles: [String: ASSStyle] = [:], canvas: (width: Double, height: Double)? = nil
    ) -> (text: StyledText, placement: SubtitlePlacement) {
        var builder = StyledTextBuilder(style: style.look)
        var overrides = ASSOverrides(base: style, styles: styles, canvas: canvas)
        var rest = text[...]
        while let char = rest.first {
            if char == "{", let close = rest.firstIndex(of: "}") {
                overrides.apply(rest[rest.index(after: rest.startIndex)..<close], to: &builder.style)
                rest = rest[rest.index(after: close)...]
            } else if char == "\\", let next = rest.dropFirst().first, "Nnh".contains(next) {
                if !overrides.isDrawing { builder.append(next == "h" ? " " : "\n") }
                rest = rest.dropFirst(2)
            } else {
                if !overrides.isDrawing { builder.append(char) }
                rest = rest.dropFirst()
            }
        }
        return (builder.text(), overrides.placement)
    }

    private static func tagged(_ lines: [Substring], readingReferences: Bool) -> (text: StyledText, placement: SubtitlePlacement) {
        var builder = StyledTextBuilder()
        var tags = CueTags()
        var overrides = ASSOverrides(base: ASSStyle())
        for (number, line) in lines.enumerated() {
            if number > 0 { builder.breakLine() }
            var rest = line[...]
            while let char = rest.first {
                if char == "<", let close = rest.firstIndex(of: ">"), let tag = subRipTag(rest[rest.index(after: rest.startIndex)..<close])
                {
                    if tag.isClosing {
                        tags.close(tag.name)
                    } else {
                        tags.open(tag.name, CueTags.subRipEffects(name: tag.name, attributes: tag.attributes))
                    }
                    rest = rest[rest.index(after: close)...]
                } else if char == "{", rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).first == "\\",
                    let close = rest.firstIndex(of: "}")
                {
                    // Editors write `{ \an8}` too; a brace without a backslash (`{laughs}`) is text.
                    overrides.apply(rest[rest.index(after: rest.startIndex)..<close], to: &tags.base)
                    rest = rest[rest.index(after: close)...]
                } else if readingReferences, char == "&", let (decoded, after) = reference(at: rest) {
                    builder.style = tags.style
                    builder.append(decoded)
                    rest = after
                } else {
                    builder.style = tags.style
                    builder.append(char)
                    rest = rest.dropFirst()
                }
            }
        }
        return (builder.text(), overrides.placement)
    }

    private static let subRipTags: Set<String> = ["i", "b", "u", "s", "font", "c", "v", "span", "ruby", "rt"]

    /// The tag between a SubRip cue's angle brackets, nil for text that is no tag of SubRip's vocabulary.
    private static func subRipTag(_ inside: Substring) -> (name: String, isClosing: Bool, attributes: Substring)? {
        let isClosing = inside.first == "/"
        let body = isClosing ? inside.dropFirst() : inside
        let name = body.prefix(while: \.isLetter).lowercased()
        guard subRipTags.contains(name) else { return nil }
        let after = body.dropFirst(name.count)
        guard after.first == nil || after.first == " " || after.first == "." else { return nil }
        return (name, isClosing, after)
    }

    /// The character reference (`&amp;`, `&#233;`) at the start of `text` read, and the text after it; nil when
    /// `text` starts with none.
    private static func reference(at text: Substring) -> (String, Substring)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";"),
            let decoded = reference(text[text.index(after: text.startIndex)..<semicolon])
        else { return nil }
        return (decoded, text[text.index(after: semicolon)...])
    }

    private static func reference(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        case "lrm": return "\u{200E}"
        case "rlm": return "\u{200F}"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}

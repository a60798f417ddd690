/// Takes the markup out of cue text so that plain words remain: SubRip's HTML-like tags and `{\an8}`, WebVTT's
/// tags and character references, ASS override blocks and escapes. Where the markup puts the cue at the top, says so.
enum CueMarkup {
    /// SubRip lines without `<i>`, `<b>`, `<u>`, `<s>`, `<font …>` and `{\…}` blocks; other text in angle brackets
    /// ("<3") stays.
    static func subRip(_ lines: [Substring]) -> (text: String, placement: SubtitlePlacement) {
        var placement: SubtitlePlacement?
        var kept: [String] = []
        for line in lines {
            var out = ""
            var rest = line[...]
            while let char = rest.first {
                if char == "<", let close = rest.firstIndex(of: ">"), isSubRipTag(rest[rest.index(after: rest.startIndex)..<close]) {
                    rest = rest[rest.index(after: close)...]
                } else if char == "{", rest.dropFirst().first == "\\", let close = rest.firstIndex(of: "}") {
                    if placement == nil { placement = overridePlacement(rest[..<close]) }
                    rest = rest[rest.index(after: close)...]
                } else {
                    out.append(char)
                    rest = rest.dropFirst()
                }
            }
            kept.append(out)
        }
        return (joined(kept), placement ?? .bottom)
    }

    /// Text GStreamer's subtitle parsers marked up for Pango, as plain words: its tags and any `{\an8}` that Matroska's
    /// SubRip kept go as in a SubRip file (which also says where it goes), then XML character references are read.
    /// The markup is not always valid (a tagged Matroska cue keeps a bare "&" or "<"), so nothing here requires it.
    static func pango(_ text: String) -> (text: String, placement: SubtitlePlacement) {
        let (plain, placement) = subRip(text.split(separator: "\n", omittingEmptySubsequences: false))
        return (readingReferences(plain), placement)
    }

    /// WebVTT lines without any tag (`<c.x>`, `<v Name>`, `<00:01.000>`…) and with character references read.
    static func webVTT(_ lines: [Substring]) -> String {
        joined(
            lines.map { line in
                var out = ""
                var rest = line[...]
                while let char = rest.first {
                    if char == "<", let close = rest.firstIndex(of: ">") {
                        rest = rest[rest.index(after: close)...]
                    } else if char == "&", let semicolon = rest.prefix(12).firstIndex(of: ";"),
                        let decoded = reference(rest[rest.index(after: rest.startIndex)..<semicolon])
                    {
                        out.append(decoded)
                        rest = rest[rest.index(after: semicolon)...]
                    } else {
                        out.append(char)
                        rest = rest.dropFirst()
                    }
                }
                return out
            })
    }

    /// An ASS event's text without override blocks and drawings, `\N` and `\n` as line breaks and `\h` as a space;
    /// the placement its first `\an` or `\a` tag gives, else `style`'s.
    static func ass(_ text: Substring, style: SubtitlePlacement) -> (text: String, placement: SubtitlePlacement) {
        var placement: SubtitlePlacement?
        var isDrawing = false
        var out = ""
        var rest = text[...]
        while let char = rest.first {
            if char == "{", let close = rest.firstIndex(of: "}") {
                let block = rest[..<close]
                if placement == nil { placement = overridePlacement(block) }
                if let level = tagValue(block, tag: "p") { isDrawing = level > 0 }
                rest = rest[rest.index(after: close)...]
            } else if char == "\\", let next = rest.dropFirst().first, "Nnh".contains(next) {
                if !isDrawing { out.append(next == "h" ? " " : "\n") }
                rest = rest.dropFirst(2)
            } else {
                if !isDrawing { out.append(char) }
                rest = rest.dropFirst()
            }
        }
        return (joined(out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)), placement ?? style)
    }

    /// Where an ASS alignment number puts a cue: numpad style (`\an`, V4+ styles) when `legacy` is false, SSA's
    /// 1–3 bottom, 5–7 top, 9–11 middle when it is true.
    static func placement(alignment: Int, legacy: Bool) -> SubtitlePlacement {
        let top = legacy ? 5...7 : 7...9
        return top.contains(alignment) ? .top : .bottom
    }

    private static func overridePlacement(_ block: Substring) -> SubtitlePlacement? {
        if let alignment = tagValue(block, tag: "an") { return placement(alignment: alignment, legacy: false) }
        if let alignment = tagValue(block, tag: "a") { return placement(alignment: alignment, legacy: true) }
        return nil
    }

    /// The number after the first `\tag` in an override block that is followed by a digit (so `\a` skips `\alpha`
    /// and `\an`, and `\p` skips `\pos`).
    private static func tagValue(_ block: Substring, tag: String) -> Int? {
        var rest = block[...]
        while let slash = rest.firstIndex(of: "\\") {
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix(tag) {
                let digits = after.dropFirst(tag.count).prefix(while: \.isASCIIDigit)
                if !digits.isEmpty, let value = Int(digits.prefix(4)) { return value }
            }
            rest = after
        }
        return nil
    }

    private static let subRipTags: Set<String> = ["i", "b", "u", "s", "font", "c", "v", "span", "ruby", "rt"]

    private static func isSubRipTag(_ inside: Substring) -> Bool {
        let body = inside.first == "/" ? inside.dropFirst() : inside
        let name = body.prefix(while: \.isLetter)
        guard subRipTags.contains(name.lowercased()) else { return false }
        let after = body.dropFirst(name.count).first
        return after == nil || after == " " || after == "."
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

    /// `text` with its character references (`&amp;`, `&#233;`) read; an "&" that starts none stays.
    private static func readingReferences(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let char = rest.first {
            if char == "&", let semicolon = rest.prefix(12).firstIndex(of: ";"),
                let decoded = reference(rest[rest.index(after: rest.startIndex)..<semicolon])
            {
                out.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out.append(char)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// Lines trimmed, the empty ones dropped, joined by "\n".
    private static func joined(_ lines: [String]) -> String {
        lines.map { String($0.trimmingWhitespace()) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

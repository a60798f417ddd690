/// Reads the override blocks of one ASS event (`{\i1\c&H00FFFF&}`): the emphasis and colour tags change the style
/// of the text after them, and the first `\pos`, `\an` or `\a` says where the line goes.
///
/// A tag that cannot be read (`\c&HZZ`) is ignored and the others in its block still apply. Tags inside `\t(…)`
/// (an animation) are not applied; the others that are not honoured (fonts, sizes, borders, karaoke, movement,
/// fades, clipping) are skipped.
struct ASSOverrides {
    /// The event's own style, which `\r` and tags without a value go back to.
    let base: ASSStyle
    /// The script's styles by name (and by lowercased name), for `\rName`.
    let styles: [String: ASSStyle]
    /// PlayResX × PlayResY, the canvas `\pos` is given on; nil where there is none (a SubRip `{\pos}`).
    let canvas: (width: Double, height: Double)?
    /// Whether text is a drawing now (`\p1` to `\p0`), which shows nothing.
    private(set) var isDrawing = false
    private var alignment: SubtitlePlacement?
    private var position: SubtitlePlacement?

    init(base: ASSStyle, styles: [String: ASSStyle] = [:], canvas: (width: Double, height: Double)? = nil) {
        self.base = base
        self.styles = styles
        self.canvas = canvas
    }

    /// Where the line sits: at its `\pos` point's nearest place, else its first alignment tag's, else its style's.
    var placement: SubtitlePlacement { position ?? alignment ?? base.placement }

    /// Applies the tags of `block` (the text between "{" and "}") to `style`.
    mutating func apply(_ block: Substring, to style: inout SubtitleStyle) {
        for tag in Self.tags(block) { apply(tag: tag, to: &style) }
    }

    private mutating func apply(tag: Substring, to style: inout SubtitleStyle) {
        if let value = Self.number(tag, "an") {
            if alignment == nil { alignment = value.flatMap { SubtitlePlacement(alignment: $0, legacy: false) } }
        } else if let value = Self.number(tag, "a") {
            if alignment == nil { alignment = value.flatMap { SubtitlePlacement(alignment: $0, legacy: true) } }
        } else if tag.hasPrefix("pos(") {
            if position == nil { position = point(tag.dropFirst(3)) }
        } else if let value = Self.number(tag, "p") {
            isDrawing = (value ?? 0) > 0
        } else if let value = Self.number(tag, "i") {
            style.isItalic = Self.flag(value, base.look.isItalic)
        } else if let value = Self.number(tag, "b") {
            // `\b1`, or a weight such as `\b700`: from 600 on it is bold.
            style.isBold = value.map { $0 == 1 || $0 >= 600 } ?? base.look.isBold
        } else if let value = Self.number(tag, "u") {
            style.isUnderlined = Self.flag(value, base.look.isUnderlined)
        } else if let value = Self.number(tag, "s") {
            style.isStruckThrough = Self.flag(value, base.look.isStruckThrough)
        } else if let argument = Self.colourArgument(tag) {
            if argument.isEmpty {
                style.colour = base.look.colour
            } else if let colour = SubtitleColour.ass(argument, inStyle: false) {
                style.colour = colour
            }
        } else if tag.first == "r" {
            let name = tag.dropFirst().trimmingWhitespace()
            style = (name.isEmpty ? nil : styles[String(name)] ?? styles[name.lowercased()])?.look ?? base.look
        }
    }

    /// A `\pos(x,y)`'s nearest place on the canvas.
    private func point(_ arguments: Substring) -> SubtitlePlacement? {
        guard let canvas, arguments.first == "(", let close = arguments.firstIndex(of: ")") else { return nil }
        let numbers = arguments[arguments.index(after: arguments.startIndex)..<close].split(separator: ",")
            .compactMap { Double($0.trimmingWhitespace()) }
        guard numbers.count == 2 else { return nil }
        return SubtitlePlacement(x: numbers[0], y: numbers[1], width: canvas.width, height: canvas.height)
    }

    /// The tags of a block, each without its backslash; a tag's parenthesised arguments (`\t(…\c&HFF&)`) stay in it.
    /// Text before the first backslash is a comment.
    static func tags(_ block: Substring) -> [Substring] {
        var tags: [Substring] = []
        var rest = block[...]
        while let slash = rest.firstIndex(of: "\\") {
            let start = rest.index(after: slash)
            var end = start, depth = 0
            while end < rest.endIndex {
                let char = rest[end]
                if char == "(" {
                    depth += 1
                } else if char == ")" {
                    depth = max(0, depth - 1)
                } else if char == "\\", depth == 0 {
                    break
                }
                end = rest.index(after: end)
            }
            tags.append(rest[start..<end].trimmingWhitespace())
            rest = rest[end...]
        }
        return tags
    }

    /// For `tag` named `name` followed by digits or nothing: `.some(number)`, or `.some(nil)` for nothing; nil for
    /// another tag (`\bord` is not `\b`, `\pos` not `\p`).
    private static func number(_ tag: Substring, _ name: String) -> Int?? {
        guard tag.hasPrefix(name) else { return nil }
        let digits = tag.dropFirst(name.count).trimmingWhitespace()
        guard digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return .some(digits.isEmpty ? nil : Int(digits.prefix(6)))
    }

    /// The argument of a primary colour tag (`\c`, `\1c`), empty for none; nil for another tag (`\clip`, `\2c`).
    private static func colourArgument(_ tag: Substring) -> Substring? {
        let rest: Substring
        if tag.hasPrefix("1c") {
            rest = tag.dropFirst(2)
        } else if tag.hasPrefix("c") {
            rest = tag.dropFirst()
        } else {
            return nil
        }
        guard let first = rest.first else { return rest }
        return first == "&" || first == "H" || first == "h" || first.isHexDigit ? rest : nil
    }

    /// `\i1` on, `\i0` off, anything else the style's.
    private static func flag(_ value: Int?, _ fallback: Bool) -> Bool {
        switch value {
        case 1: true
        case 0: false
        default: fallback
        }
    }
}

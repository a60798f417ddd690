/// Reads ASS and SSA: `Dialogue:` lines of the `[Events]` section, whose `Format:` line gives the order of the
/// fields (Start, End, Style and Text, the last, which may hold commas); the colour, emphasis and alignment of the
/// styles they name; and the canvas size (`PlayResX`, `PlayResY`) their `\pos` tags are given on.
///
/// A line of `[Events]` that is no event, a dialogue with too few fields or unreadable times, and text before any
/// section are damage; the parser notes the first place and reads on.
enum ASSParser {
    static func parse(_ lines: [Substring], format: SubtitleFormat) -> SubtitleDocument {
        var collector = CueCollector(format: format)
        var section = ""
        var eventFields = defaultEventFields, styleFields = defaultStyleFields
        var styles: [String: ASSStyle] = [:]
        var playRes: (x: Double?, y: Double?) = (nil, nil)
        for (offset, raw) in lines.enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("!:") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = line.lowercased()
                continue
            }
            let colon = line.firstIndex(of: ":")
            let key = colon.map { line[..<$0].trimmingWhitespace().lowercased() } ?? ""
            let value = colon.map { line[line.index(after: $0)...].drop(while: { $0 == " " }) } ?? ""
            switch (section, key) {
            case ("", _): collector.damage(atLine: offset + 1)
            case ("[script info]", "playresx"): playRes.x = Double(value.trimmingWhitespace())
            case ("[script info]", "playresy"): playRes.y = Double(value.trimmingWhitespace())
            case ("[events]", "format"): eventFields = fieldNames(value)
            case ("[events]", "dialogue"):
                guard let event = event(value, fields: eventFields) else {
                    collector.damage(atLine: offset + 1)
                    continue
                }
                let name = event.style.hasPrefix("*") ? String(event.style.dropFirst()) : event.style
                let (text, placement) = CueMarkup.ass(
                    event.text, style: styles[name] ?? styles[name.lowercased()] ?? styles["default"] ?? ASSStyle(), styles: styles,
                    canvas: canvas(playRes))
                collector.add(startMs: event.start, endMs: event.end, text: text, placement: placement, line: offset + 1)
            case ("[events]", "comment"), ("[events]", "picture"), ("[events]", "sound"), ("[events]", "movie"),
                ("[events]", "command"):
                continue
            case ("[events]", _): collector.damage(atLine: offset + 1)
            case ("[v4+ styles]", "format"), ("[v4 styles]", "format"): styleFields = fieldNames(value)
            case ("[v4+ styles]", "style"), ("[v4 styles]", "style"):
                let fields = value.split(separator: ",", maxSplits: max(styleFields.count - 1, 0), omittingEmptySubsequences: false)
                guard let nameIndex = styleFields.firstIndex(of: "name"), fields.count == styleFields.count else { continue }
                let name = String(fields[nameIndex].trimmingWhitespace())
                let style = ASSStyle(fields: styleFields, values: fields, legacy: section == "[v4 styles]")
                styles[name] = style
                if styles[name.lowercased()] == nil { styles[name.lowercased()] = style }
            default: continue
            }
        }
        return collector.document()
    }

    /// The canvas from PlayResX and PlayResY; as libass does, one missing is made from the other (4:3, or 1280×1024),
    /// and both missing make 384×288.
    private static func canvas(_ playRes: (x: Double?, y: Double?)) -> (width: Double, height: Double) {
        switch playRes {
        case (let x?, let y?): return (x, y)
        case (let x?, nil): return (x, x == 1280 ? 1024 : x * 3 / 4)
        case (nil, let y?): return (y == 1024 ? 1280 : y * 4 / 3, y)
        case (nil, nil): return (384, 288)
        }
    }

    private static func fieldNames(_ value: Substring) -> [String] {
        value.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
    }

    /// A `Dialogue:` line's fields by the Format line's names; nil when fields or times are missing.
    private static func event(_ value: Substring, fields: [String]) -> (start: Int, end: Int, style: String, text: Substring)? {
        guard let startIndex = fields.firstIndex(of: "start"), let endIndex = fields.firstIndex(of: "end"),
            let textIndex = fields.firstIndex(of: "text")
        else { return nil }
        let values = value.split(separator: ",", maxSplits: fields.count - 1, omittingEmptySubsequences: false)
        guard values.count == fields.count, let start = CueClock.milliseconds(values[startIndex].trimmingWhitespace()),
            let end = CueClock.milliseconds(values[endIndex].trimmingWhitespace())
        else { return nil }
        let style = fields.firstIndex(of: "style").map { String(values[$0].trimmingWhitespace()) } ?? ""
        return (start, end, style, values[textIndex])
    }

    // What ASS writes when a file lacks its Format lines (SSA's first field is "Marked" where ASS has "Layer").
    private static let defaultEventFields = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
    private static let defaultStyleFields = [
        "name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour", "backcolour", "bold", "italic",
        "underline", "strikeout", "scalex", "scaley", "spacing", "angle", "borderstyle", "outline", "shadow", "alignment",
        "marginl", "marginr", "marginv", "encoding",
    ]
}

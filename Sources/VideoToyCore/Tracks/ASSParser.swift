/// Reads ASS and SSA: `Dialogue:` lines of the `[Events]` section, whose `Format:` line gives the order of the
/// fields (Start, End, Style and Text, the last, which may hold commas), in the styles and on the canvas the script's
/// header gives (`ASSHeader`).
///
/// A line of `[Events]` that is no event, a dialogue with too few fields or unreadable times, and text before any
/// section are damage; the parser notes the first place and reads on.
enum ASSParser {
    static func parse(_ lines: [Substring], format: SubtitleFormat) -> SubtitleDocument {
        var collector = CueCollector(format: format)
        var section = ""
        var eventFields = defaultEventFields
        var header = ASSHeader()
        for (offset, raw) in lines.enumerated() {
            guard let (newSection, entryKey, value) = ASSHeader.entry(raw, section: section) else { continue }
            section = newSection
            guard let key = entryKey else { continue }
            if header.read(section: section, key: key, value: value) { continue }
            switch (section, key) {
            case ("", _): collector.damage(atLine: offset + 1)
            case ("[events]", "format"): eventFields = value.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
            case ("[events]", "dialogue"):
                guard let event = event(value, fields: eventFields) else {
                    collector.damage(atLine: offset + 1)
                    continue
                }
                let (text, placement) = header.cue(event.text, style: event.style)
                collector.add(startMs: event.start, endMs: event.end, text: text, placement: placement, line: offset + 1)
            case ("[events]", "comment"), ("[events]", "picture"), ("[events]", "sound"), ("[events]", "movie"),
                ("[events]", "command"):
                continue
            case ("[events]", _): collector.damage(atLine: offset + 1)
            default: continue
            }
        }
        return collector.document()
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
}

/// Reads ASS and SSA: `Dialogue:` lines of the `[Events]` section, whose `Format:` line gives the order of the
/// fields (Start, End, Style and Text, which takes the rest of the line: `ASSEventFormat`), in the styles and on the
/// canvas the script's header gives (`ASSHeader`).
///
/// A line of `[Events]` that is no event, a dialogue with too few fields or unreadable times, and text before any
/// section are damage; the parser notes the first place and reads on.
enum ASSParser {
    static func parse(_ lines: [Substring], format: SubtitleFormat) -> SubtitleDocument {
        var collector = CueCollector(format: format)
        var section = ""
        var header = ASSHeader()
        for (offset, raw) in lines.enumerated() {
            guard let (newSection, entryKey, value) = ASSHeader.entry(raw, section: section) else { continue }
            section = newSection
            guard let key = entryKey else { continue }
            if header.read(section: section, key: key, value: value) { continue }
            switch (section, key) {
            case ("", _): collector.damage(atLine: offset + 1)
            case ("[events]", "dialogue"):
                guard let event = header.eventFormat.dialogue(value), let start = event.startMs, let end = event.endMs else {
                    collector.damage(atLine: offset + 1)
                    continue
                }
                let (text, placement) = header.cue(event.text, style: String(event.style))
                collector.add(startMs: start, endMs: end, text: text, placement: placement, line: offset + 1)
            case ("[events]", "comment"), ("[events]", "picture"), ("[events]", "sound"), ("[events]", "movie"),
                ("[events]", "command"):
                continue
            case ("[events]", _): collector.damage(atLine: offset + 1)
            default: continue
            }
        }
        return collector.document()
    }
}

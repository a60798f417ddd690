/// Reads WebVTT: a `WEBVTT` header, then blocks separated by blank lines: cues (an optional id, a timing line with
/// settings after it, text) and NOTE, STYLE and REGION blocks, which are skipped.
///
/// A block that is neither is damage, except plain text right after a cue (a blank line inside the cue); the parser
/// notes where and goes on at the next timing line.
enum WebVTTParser {
    /// Whether a line is the WebVTT signature: "WEBVTT", alone or followed by a space or tab and anything.
    static func isHeader(_ line: Substring) -> Bool {
        guard line.hasPrefix("WEBVTT") else { return false }
        let after = line.dropFirst(6).first
        return after == nil || after == " " || after == "\t"
    }

    static func parse(_ lines: [Substring]) -> SubtitleDocument {
        var collector = CueCollector(format: .webVTT)
        var index = lines.firstIndex(where: { !$0.trimmingWhitespace().isEmpty }) ?? lines.count
        guard index < lines.count, isHeader(lines[index].trimmingWhitespace()) else {
            return SubtitleDocument(cues: [], problem: .notA(.webVTT))
        }
        // The header's own lines run to the first blank line (or to a cue that forgot it).
        index += 1
        while index < lines.count, !lines[index].trimmingWhitespace().isEmpty, !lines[index].contains("-->") { index += 1 }
        var afterCue = false, inDamage = false
        var blockStart = true
        while index < lines.count {
            let line = lines[index].trimmingWhitespace()
            if line.isEmpty {
                index += 1
                blockStart = true
                continue
            }
            if blockStart, ["NOTE", "STYLE", "REGION"].contains(where: { startsWord(line, $0) }) {
                while index < lines.count, !lines[index].trimmingWhitespace().isEmpty { index += 1 }
                continue
            }
            blockStart = false
            let timingLine = line.contains("-->") ? index : (index + 1 < lines.count && lines[index + 1].contains("-->") ? index + 1 : nil)
            if let timingLine, let timing = CueClock.timing(lines[timingLine]) {
                var text: [Substring] = []
                index = timingLine + 1
                while index < lines.count, !lines[index].trimmingWhitespace().isEmpty, !lines[index].contains("-->") {
                    text.append(lines[index])
                    index += 1
                }
                collector.add(
                    startMs: timing.start, endMs: timing.end, text: CueMarkup.webVTT(text), placement: placement(timing.settings),
                    line: timingLine + 1)
                afterCue = true
                inDamage = false
            } else {
                if !inDamage, !afterCue || CueClock.isDamage(line) || timingLine != nil {
                    collector.damage(atLine: (timingLine ?? index) + 1)
                    inDamage = true
                }
                index = timingLine.map { $0 + 1 } ?? index + 1
            }
        }
        return collector.document()
    }

    private static func startsWord(_ line: Substring, _ word: String) -> Bool {
        guard line.hasPrefix(word) else { return false }
        return line.dropFirst(word.count).first?.isWhitespace ?? true
    }

    /// Where the cue settings put a cue: the top row when `line:` puts it in the top half (a line number from 0 to 8,
    /// counted from the top, negative ones counting from the bottom, or a percentage under 50), else the bottom; the
    /// left column for `align:left` or `align:start`, the right for `align:right` or `align:end` (text read left to
    /// right), else the centre. `position:` and `size:` are not followed.
    private static func placement(_ settings: Substring) -> SubtitlePlacement {
        var row = SubtitlePlacement.Row.bottom, column = SubtitlePlacement.Column.centre
        for setting in settings.split(whereSeparator: \.isWhitespace) {
            if setting.hasPrefix("line:") {
                let value = setting.dropFirst(5).prefix(while: { $0 != "," })
                if value.hasSuffix("%"), let percent = Double(value.dropLast()) {
                    row = percent < 50 ? .top : .bottom
                } else if let number = Double(value) {
                    row = (0...8).contains(number) ? .top : .bottom
                }
            } else if setting.hasPrefix("align:") {
                switch setting.dropFirst(6) {
                case "left", "start": column = .left
                case "right", "end": column = .right
                default: column = .centre
                }
            }
        }
        return SubtitlePlacement(row: row, column: column)
    }
}

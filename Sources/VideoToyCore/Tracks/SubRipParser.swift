/// Reads SubRip: cues of an optional index line, a timing line (`00:00:01,000 --> 00:00:02,500`) and text up to a
/// blank line.
///
/// Real files are forgiven their numbering gaps, missing blank lines, sloppy times and blank lines inside a cue (the
/// cue ends there and the plain text after it is dropped). Anything else that is not a cue is damage: the parser notes
/// where and goes on at the next timing line.
enum SubRipParser {
    static func parse(_ lines: [Substring]) -> SubtitleDocument {
        var collector = CueCollector(format: .subRip)
        var index = 0
        // The last thing read was a cue: a plain line now is the rest of a cue cut by a blank line, not damage.
        var afterCue = false
        // Inside damage already noted: skip to the next cue without noting it again.
        var inDamage = false
        while index < lines.count {
            let line = lines[index].trimmingWhitespace()
            if line.isEmpty {
                index += 1
            } else if let timingLine = cueStart(lines, at: index), let timing = CueClock.timing(lines[timingLine]) {
                var text: [Substring] = []
                index = timingLine + 1
                while index < lines.count, !lines[index].trimmingWhitespace().isEmpty, !lines[index].contains("-->"),
                    cueStart(lines, at: index) == nil
                {
                    text.append(lines[index])
                    index += 1
                }
                let (words, placement) = CueMarkup.subRip(text)
                collector.add(startMs: timing.start, endMs: timing.end, text: words, placement: placement, line: timingLine + 1)
                afterCue = true
                inDamage = false
            } else {
                if !inDamage, !afterCue || isSuspicious(line) {
                    // An index whose timing line is broken: the broken line is where the damage is.
                    let next = index + 1 < lines.count ? lines[index + 1].trimmingWhitespace() : ""
                    collector.damage(atLine: isIndex(line) && !next.isEmpty ? index + 2 : index + 1)
                    inDamage = true
                }
                index += 1
            }
        }
        return collector.document()
    }

    /// The line holding the timing of a cue that starts at `index` (the line itself, or the one after an index).
    private static func cueStart(_ lines: [Substring], at index: Int) -> Int? {
        if CueClock.timing(lines[index]) != nil { return index }
        if isIndex(lines[index].trimmingWhitespace()), index + 1 < lines.count, CueClock.timing(lines[index + 1]) != nil {
            return index + 1
        }
        return nil
    }

    private static func isIndex(_ line: Substring) -> Bool { !line.isEmpty && line.allSatisfy(\.isASCIIDigit) }

    /// A line no subtitle text would be: a broken timing, an index, a clock time, undecodable bytes.
    private static func isSuspicious(_ line: Substring) -> Bool { isIndex(line) || CueClock.isDamage(line) }
}

/// Collects a cue's characters, each in the style in force when it was read, into styled text: each line trimmed
/// of surrounding white space, empty lines dropped, as the plain text always was.
struct StyledTextBuilder {
    /// The style of the characters appended from now on.
    var style = SubtitleStyle.plain
    private var lines: [[(Character, SubtitleStyle)]] = [[]]

    init(style: SubtitleStyle = .plain) { self.style = style }

    /// Adds `text` in the current style; "\n" starts a new line.
    mutating func append(_ text: some StringProtocol) {
        for char in text { append(char) }
    }

    /// Adds one character in the current style; "\n" starts a new line.
    mutating func append(_ char: Character) {
        if char == "\n" {
            lines.append([])
        } else {
            lines[lines.count - 1].append((char, style))
        }
    }

    /// Ends the current line, as a line break in the cue does.
    mutating func breakLine() { lines.append([]) }

    /// The text so far.
    func text() -> StyledText {
        var runs: [StyledRun] = []
        for line in lines {
            guard let first = line.firstIndex(where: { !$0.0.isWhitespace }),
                let last = line.lastIndex(where: { !$0.0.isWhitespace })
            else { continue }
            if !runs.isEmpty { runs.append(StyledRun("\n", runs[runs.count - 1].style)) }
            var start = first
            for index in first...last where index == last || line[index + 1].1 != line[start].1 {
                runs.append(StyledRun(String(line[start...index].map(\.0)), line[start].1))
                start = index + 1
            }
        }
        return StyledText(runs)
    }
}

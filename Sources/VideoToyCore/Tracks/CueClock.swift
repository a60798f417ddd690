/// Reads the clock times subtitle files write ("01:02:03,456", "02:03.456", "1:02:03.45") and their timing lines.
enum CueClock {
    /// A time as milliseconds: hours optional, a comma or a dot before the fraction, which may be missing or have
    /// fewer or more than three digits (".45" is 450 ms).
    static func milliseconds(_ text: Substring) -> Int? {
        var clock = text, fraction: Substring = ""
        if let mark = text.lastIndex(where: { $0 == "," || $0 == "." }) {
            clock = text[..<mark]
            fraction = text[text.index(after: mark)...]
            guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...9).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
            let seconds = Int(parts[parts.count - 1]), let minutes = Int(parts[parts.count - 2]), seconds < 60
        else { return nil }
        var hours = 0
        if parts.count == 3 {
            guard let value = Int(parts[0]), minutes < 60 else { return nil }
            hours = value
        }
        let millis = Int(String((fraction + "000").prefix(3)))!
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    /// A timing line `start --> end [settings]`, with the settings after the end time; nil when the line is not one.
    static func timing(_ line: Substring) -> (start: Int, end: Int, settings: Substring)? {
        guard let arrow = line.firstRange(of: "-->") else { return nil }
        let left = line[..<arrow.lowerBound].trimmingWhitespace()
        let right = line[arrow.upperBound...].trimmingWhitespace()
        let endText = right.prefix(while: { !$0.isWhitespace })
        guard let start = milliseconds(left), let end = milliseconds(endText) else { return nil }
        return (start, end, right[endText.endIndex...].trimmingWhitespace())
    }

    /// Whether a line that is no cue's text looks like an attempt at a timing: an arrow, or a clock time at its start
    /// ("00:01:0", "12:3"). Undecodable bytes count too: either is damage rather than a stray line of text.
    static func isDamage(_ line: Substring) -> Bool {
        line.contains("-->") || line.contains("\u{FFFD}") || (line.first?.isASCIIDigit == true && line.prefix(3).contains(":"))
    }
}

extension Character {
    /// Whether the character is one of "0"–"9".
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// The text without white space at either end.
    func trimmingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

/// AVTransport's time strings (`RelTime`, `TrackDuration`, a `Seek` target): read from untrusted replies, and written.
public enum UPnPTime {
    /// The longest time read: about 114 years, so every sum and product below stays far from `Int`'s limits.
    public static let longestMilliseconds = 999_999 * 3_600_000

    /// Milliseconds from `H+:MM:SS`, `H+:MM:SS.F+` or `H+:MM:SS.F0/F1`; nil for `NOT_IMPLEMENTED`, anything
    /// malformed, and numbers too large to mean a position.
    public static func milliseconds(_ text: String) -> Int? {
        // Renderers pad with spaces now and then; nothing else is forgiven.
        let trimmed = text.trimmingSpaces
        // A renderer controls this string: its length is bounded before anything is split or counted.
        guard trimmed.utf8.count <= 40 else { return nil }
        let clock = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fields = clock[0].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3,
            let hours = number(fields[0], maxDigits: 6),
            let minutes = number(fields[1], maxDigits: 2), minutes < 60,
            let seconds = number(fields[2], maxDigits: 2), seconds < 60
        else { return nil }
        var fraction = 0
        if clock.count == 2 {
            guard let parsed = fractionMilliseconds(clock[1]) else { return nil }
            fraction = parsed
        }
        let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
        return total <= longestMilliseconds ? total : nil
    }

    /// `H:MM:SS.mmm` for a `Seek` target; negative times are written as zero, times beyond the longest as the longest.
    public static func string(milliseconds: Int) -> String {
        let ms = min(max(milliseconds, 0), longestMilliseconds)
        let hours = ms / 3_600_000, minutes = ms / 60_000 % 60, seconds = ms / 1000 % 60, rest = ms % 1000
        return "\(hours):\(padded(minutes, 2)):\(padded(seconds, 2)).\(padded(rest, 3))"
    }

    /// `F+` (decimal digits, read to the millisecond) or `F0/F1` (a fraction of a second below one).
    private static func fractionMilliseconds(_ text: Substring) -> Int? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard number(parts[0], maxDigits: 9) != nil else { return nil }
            // Only the first three digits count; later ones are below a millisecond.
            let first = String(parts[0].prefix(3))
            let scale = [100, 10, 1]
            return first.utf8.enumerated().reduce(0) { $0 + Int($1.element - 48) * scale[$1.offset] }
        case 2:
            guard let numerator = number(parts[0], maxDigits: 9), let denominator = number(parts[1], maxDigits: 9),
                denominator > 0, numerator < denominator
            else { return nil }
            return numerator * 1000 / denominator
        default:
            return nil
        }
    }

    /// A non-negative decimal of 1 to `maxDigits` ASCII digits, or nil.
    private static func number(_ text: Substring, maxDigits: Int) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maxDigits, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension String {
    /// Without leading and trailing ASCII spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !blank($0) } ?? endIndex
        let end = lastIndex { !blank($0) }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}

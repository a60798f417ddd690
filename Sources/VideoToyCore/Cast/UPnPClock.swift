/// UPnP's clock values (`H+:MM:SS[.F+]`, as in `RelTime` and `Seek`'s `REL_TIME`), read without trusting them.
public enum UPnPClock {
    /// The longest time read: a renderer's figure past 100 hours is junk, not a film.
    public static let longestMs = 100 * 3_600_000

    /// `H:MM:SS.mmm` for `milliseconds` (negative counts as zero).
    public static func format(milliseconds: Int) -> String {
        let ms = max(0, min(milliseconds, longestMs))
        let seconds = ms / 1000
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let fraction = ms % 1000
        let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(millis)"
    }

    /// The milliseconds in a clock value, or nil for `NOT_IMPLEMENTED`, junk, or a time past `longestMs`.
    /// A fraction is decimal (`.5` is half a second) or `F0/F1` as the AVTransport specification allows.
    public static func milliseconds(_ text: String) -> Int? {
        let trimmed = text.trimmingWhiteSpace
        guard !trimmed.isEmpty, trimmed.utf8.count <= 32 else { return nil }
        let (clock, fraction) = split(trimmed, at: ".")
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = digits(parts[0], max: 6), let minutes = digits(parts[1], max: 2),
            let seconds = digits(parts[2], max: 2), minutes < 60, seconds < 60
        else { return nil }
        var ms = ((hours * 60 + minutes) * 60 + seconds) * 1000
        if let fraction {
            guard let extra = fractionMs(fraction) else { return nil }
            ms += extra
        }
        return ms <= longestMs ? ms : nil
    }

    private static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    private static func digits(_ text: Substring, max: Int) -> Int? {
        guard !text.isEmpty, text.count <= max, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func fractionMs(_ text: String) -> Int? {
        if let slash = text.firstIndex(of: "/") {
            guard let numerator = digits(text[..<slash], max: 6), let denominator = digits(text[text.index(after: slash)...], max: 6),
                denominator > 0, numerator < denominator
            else { return nil }
            return numerator * 1000 / denominator
        }
        guard let value = digits(Substring(text), max: 9) else { return nil }
        let places = text.count
        var ms = value
        if places > 3 { for _ in 0..<(places - 3) { ms /= 10 } } else { for _ in places..<3 { ms *= 10 } }
        return ms
    }
}

extension String {
    /// The text without spaces, tabs and line breaks at either end.
    fileprivate var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }) ?? start
        return String(scalars[start...end])
    }
}

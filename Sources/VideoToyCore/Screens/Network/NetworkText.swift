/// Cleans the strings a network device says about itself before anything shows, logs or compares them.
public enum NetworkText {
    /// The most characters kept of one device string (a name, a maker, a model, a UDN).
    public static let longest = 256

    /// `text` without control characters (C0, DEL, C1), trimmed of surrounding white space, at most `limit` characters.
    public static func cleaned(_ text: String, limit: Int = longest) -> String {
        // Bounded before the work: a device may send megabytes where a name belongs.
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(limit * 4) where !isControl(scalar) {
            kept.append(scalar)
        }
        let trimmed = String(kept).trimmingWhiteSpace
        return String(trimmed.prefix(max(0, limit)))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// Without leading and trailing white space.
    fileprivate var trimmingWhiteSpace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}

/// Formats media times the way the rows and controls show them.
public enum TimeFormat {
    /// "m:ss", or "h:mm:ss" from one hour on.
    public static func clock(milliseconds: Int) -> String {
        let total = max(0, milliseconds) / 1000
        let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}

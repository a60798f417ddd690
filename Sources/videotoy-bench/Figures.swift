import Foundation

/// Arithmetic on figures kept as text, with the formatting the bash version used (awk's and printf's).
enum Figures {
    /// The median, as awk printed it: the middle value as it was written (`digits` decimals, if it was written
    /// with them), or the mean of the two middle ones; empty for no values.
    static func median(_ values: [Double], digits: Int? = nil) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "" }
        let middle = sorted.count / 2
        guard sorted.count % 2 == 0 else { return digits.map { fixed(sorted[middle], $0) } ?? plain(sorted[middle]) }
        return plain((sorted[middle - 1] + sorted[middle]) / 2)
    }

    /// The largest value, empty for none.
    static func maximum(_ values: [Double]) -> String {
        values.max().map(plain) ?? ""
    }

    /// A number as awk's `print` writes it (%.6g): integers without a decimal point.
    static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.6g", value)
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// a / b with two decimals, empty when either is missing or b is not positive.
    static func ratio(_ a: String, _ b: String) -> String {
        guard let x = Double(a), let y = Double(b), y > 0 else { return "" }
        return fixed(x / y, 2)
    }

    /// pass or FAIL for `value <= limit` (or `>=`), n/a when there is no value.
    static func verdict(_ value: String, _ op: Comparison, _ limit: Double) -> String {
        guard let v = Double(value) else { return "n/a" }
        switch op {
        case .atMost: return v <= limit ? "pass" : "FAIL"
        case .atLeast: return v >= limit ? "pass" : "FAIL"
        }
    }

    /// pass when both pass, n/a when either is unknown, else FAIL.
    static func both(_ a: String, _ b: String) -> String {
        if a == "pass" && b == "pass" { return "pass" }
        if a == "n/a" || b == "n/a" { return "n/a" }
        return "FAIL"
    }

    /// The side of a target a figure must stay on.
    enum Comparison {
        /// value <= limit
        case atMost
        /// value >= limit
        case atLeast
    }
}

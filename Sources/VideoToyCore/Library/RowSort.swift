/// How the list orders its rows: by what, and which way.
public struct RowSort: Hashable, Sendable, CustomStringConvertible {
    /// What rows are compared by.
    public enum Key: String, CaseIterable, Sendable {
        /// The file name, in natural order ("clip 2" before "clip 10").
        case name
        /// The file's last modification.
        case modified
        /// The video's duration.
        case duration
        /// The file's size.
        case size
    }

    /// What rows are compared by.
    public var key: Key
    /// Smallest, oldest, shortest or A first.
    public var ascending: Bool

    /// By name, A first: the order a library opens in.
    public static let standard = RowSort(key: .name, ascending: true)

    /// Creates an order.
    public init(key: Key, ascending: Bool) {
        (self.key, self.ascending) = (key, ascending)
    }

    /// Parses the form `description` writes ("duration", "size-descending"), as kept in the settings file.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 1).map(String.init)
        guard let key = parts.first.flatMap(Key.init(rawValue:)) else { return nil }
        switch parts.count > 1 ? parts[1] : "ascending" {
        case "ascending": self.init(key: key, ascending: true)
        case "descending": self.init(key: key, ascending: false)
        default: return nil
        }
    }

    /// "name", "modified-descending" and so on.
    public var description: String { ascending ? key.rawValue : key.rawValue + "-descending" }

    /// Whether the order needs what probing learns (duration, size, date), so it changes as probes arrive.
    public var needsProbes: Bool { key != .name }
}

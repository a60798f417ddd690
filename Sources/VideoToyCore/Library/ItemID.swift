/// Identifies one library item for the lifetime of a library; stable across rescans of the same path.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw identifier value.
    public let rawValue: Int

    /// Creates an identifier from its raw value.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    /// Orders identifiers by raw value.
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short textual form for logs and test failures.
    public var description: String { "#\(rawValue)" }
}

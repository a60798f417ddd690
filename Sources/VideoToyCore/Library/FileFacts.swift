/// What the file system says about a file: enough to sort rows by size and date.
public struct FileFacts: Hashable, Sendable {
    /// Size in bytes.
    public var size: Int64
    /// Last modification, in seconds since 1970.
    public var modified: Int64

    /// Creates the facts.
    public init(size: Int64, modified: Int64) {
        (self.size, self.modified) = (size, modified)
    }
}

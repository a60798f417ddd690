/// Counts the files that could not be read while the library is being read, so the window can say so once, when
/// reading is done ("3 files could not be read"), instead of once per file or not at all.
public struct UnreadableTally: Sendable, Equatable {
    private var unannounced = 0

    /// Creates an empty tally.
    public init() {}

    /// A probe ended; `failed` when the file could not be read.
    public mutating func probed(failed: Bool) {
        if failed { unannounced += 1 }
    }

    /// Once every file has been read: the notice to show, if any file failed since the last one.
    public mutating func notice(allRead: Bool) -> Notice? {
        guard allRead, unannounced > 0 else { return nil }
        defer { unannounced = 0 }
        return .unreadableFiles(count: unannounced)
    }
}

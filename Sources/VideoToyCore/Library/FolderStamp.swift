/// When a folder's entries last changed (the modification time its `stat` gives), as a scan saw it, so that
/// watching the folder can begin without listing it all again when nothing in it changed since.
public struct FolderStamp: Sendable, Hashable {
    /// Whole seconds since the epoch.
    public var seconds: Int
    /// Nanoseconds past `seconds`.
    public var nanoseconds: Int

    /// Creates a stamp.
    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Whether the folders a scan stamped (`then`, every folder it read) still hold what it listed, given their
    /// stamps `now` (a folder that did not answer or is gone is missing there) and the wall clock when the scan
    /// began: every stamp the same, and none within `slackSeconds` before the scan began, since a file system with
    /// coarse times (FAT keeps two seconds) can change a folder twice under one stamp. No stamps: not known.
    public static func unchanged(
        then: [String: FolderStamp], now: [String: FolderStamp], scanBegan: FolderStamp, slackSeconds: Int = 2
    ) -> Bool {
        guard !then.isEmpty, then.count == now.count else { return false }
        return then.allSatisfy { folder, stamp in now[folder] == stamp && stamp.seconds + slackSeconds < scanBegan.seconds }
    }
}

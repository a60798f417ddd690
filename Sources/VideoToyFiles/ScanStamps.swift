import Glibc
import VideoToyCore
import VideoToyPOSIX

/// The folders a scan read with their stamps (`FolderStamp`), and when it began: what a watch compares, once its
/// monitors are in place, instead of scanning the whole folder again.
public struct ScanStamps: Sendable, Hashable {
    /// The wall clock when the scan began.
    public var began: FolderStamp
    /// Every folder the scan read whole, with its stamp then.
    public var folders: [String: FolderStamp]

    /// Creates the stamps of a scan that began at `began`.
    public init(began: FolderStamp, folders: [String: FolderStamp] = [:]) {
        self.began = began
        self.folders = folders
    }

    /// The wall clock now, as a stamp.
    static func now() -> FolderStamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return FolderStamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

    /// The stamp in `info`.
    static func stamp(_ info: Glibc.stat) -> FolderStamp {
        FolderStamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    }

    /// The stamps of the folders at or inside `root`.
    public func inside(_ root: String) -> ScanStamps {
        let prefix = root == "/" ? "/" : root + "/"
        return ScanStamps(began: began, folders: folders.filter { $0.key == root || $0.key.hasPrefix(prefix) })
    }

    /// Whether every folder still has the stamp the scan saw (`FolderStamp.unchanged`), looked at under one deadline
    /// of `timeout` seconds; blocking, so call it off the main thread.
    func stillUnchanged(timeout: Double) -> Bool {
        let calls = GuardedCalls()
        defer { calls.finish() }
        let folders = self.folders
        // One call for them all: a folder that does not answer (or is gone) counts as changed, and so does a timeout.
        let now = calls.run(timeout: timeout) { () -> [String: FolderStamp] in
            var now: [String: FolderStamp] = [:]
            for folder in folders.keys { now[folder] = PathCalls.status(folder).map(Self.stamp) }
            return now
        }
        guard let now else { return false }
        return FolderStamp.unchanged(then: folders, now: now, scanBegan: began)
    }
}

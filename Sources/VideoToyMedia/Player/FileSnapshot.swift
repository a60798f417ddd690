import Glibc
import VideoToyPOSIX

/// Which file a path named at one moment (device and inode) and how long it was then.
struct FileSnapshot: Equatable, Sendable {
    /// The device holding the file.
    let device: UInt64
    /// The file's inode on that device.
    let inode: UInt64
    /// Its length in bytes.
    let size: Int64

    /// What `path` names now, or nil if it cannot be stat'ed; may wait on a dead share, so never on the main thread.
    static func of(_ path: String) -> FileSnapshot? {
        guard let info = PathCalls.status(path) else { return nil }
        return FileSnapshot(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
    }

    /// True when `now` is this same file, shorter than it was.
    ///
    /// A file deleted or renamed over is another story: the player's open descriptor still holds the old
    /// bytes, which play to their end, so only a change to this very inode counts.
    func wasCutShort(now: FileSnapshot?) -> Bool {
        guard let now, now.device == device, now.inode == inode else { return false }
        return now.size < size
    }
}

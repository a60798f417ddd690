import Glibc
import VideoToyCore

/// What one folder entry turned out to be, and the bounds on what an entry may lead to: a symbolic link never into
/// /proc, /sys or /dev, and no FIFO, socket or device ever opened.
enum FolderEntry: Sendable {
    /// A folder; `link` is the canonical path it resolves to when the entry is a symbolic link.
    case folder(Glibc.stat, link: String?)
    /// A video file (by name or by content), with its canonical path when it could be had.
    case video(resolved: String?)
    /// The file system answered with an error other than "not there" (EIO, ENOTCONN on a share that dropped).
    case unreadable(errno: Int32)
    /// Nothing to list: not there any more, not a video, or somewhere the scan does not go.
    case skip

    /// Classifies one entry: every call that can block on the file system happens here, under one deadline.
    static func look(at path: [UInt8], nameSaysVideo: Bool) -> FolderEntry {
        var info = Glibc.stat()
        var isLink = false
        if RawPath.linkStatus(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { isLink = true }
        guard RawPath.status(path, &info) == 0 else {
            // stat follows symlinks: a dangling one, a loop, or a file removed since the listing is just not there.
            let code = errno
            return [ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG].contains(code) ? .skip : .unreadable(errno: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            // Where a link leads decides whether it is followed; a folder reached by its own name needs no call.
            return .folder(info, link: isLink ? RawPath.resolved(path) ?? "/" : nil)
        case S_IFREG:
            let resolved = RawPath.resolved(path)
            // A link to a file is listed wherever it points, but never into /proc, /sys or /dev: reading
            // /proc/kmsg waits for the kernel, and no file there is a video.
            if isLink, PseudoFileSystem.contains(resolved: resolved ?? "/proc") { return .skip }
            guard nameSaysVideo || RawPath.sniffsAsVideo(path) else { return .skip }
            return .video(resolved: resolved)
        default:
            return .skip
        }
    }

    /// Whether `name` is named like a subtitle file (`SubtitleFormat`), which the scan lists by name alone.
    static func isSubtitle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return SubtitleFormat(fileExtension: String(name[name.index(after: dot)...])) != nil
    }
}

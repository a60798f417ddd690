import Glibc

/// What `stat` said of a path given to `scan`, its canonical path, and the pseudo file system it is on, if any.
struct PathStatus: Sendable {
    /// What `stat` answered, nil when it failed.
    var info: Glibc.stat?
    /// The error number `stat` failed with, 0 when it did not.
    var code: Int32
    /// The canonical path, when it could be had.
    var resolved: String?
    /// The kernel's pseudo file system (`proc`, `sysfs`, `dev`…) the path is on, or nil.
    var pseudo: String?

    /// Looks at the path `raw`; every call here can block, so it runs under a deadline.
    static func look(at raw: [UInt8]) -> PathStatus {
        var info = Glibc.stat()
        // errno is read on the thread that made the call: it is per thread.
        guard RawPath.status(raw, &info) == 0 else { return PathStatus(info: nil, code: errno) }
        let resolved = RawPath.resolved(raw)
        return PathStatus(info: info, code: 0, resolved: resolved, pseudo: RawPath.pseudoFileSystem(raw, resolved: resolved))
    }
}

/// How a file that is neither a folder nor a regular file is named in messages.
struct FileKind: CustomStringConvertible {
    /// The file's `st_mode`.
    let mode: mode_t

    /// The kind's name, as a message says it.
    var description: String {
        switch mode & S_IFMT {
        case S_IFIFO: return "FIFO"
        case S_IFSOCK: return "socket"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        default: return "special file"
        }
    }
}

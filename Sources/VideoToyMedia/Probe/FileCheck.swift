import Glibc
import VideoToyCore

/// What a cheap look at a path found before any media code opens it.
enum FileCheck {
    /// A regular, readable, non-empty file and its first bytes.
    struct Readable {
        /// The file size in bytes.
        let size: Int
        /// The last modification, in seconds since 1970.
        let modified: Int64
        /// Up to the first 4 KiB, for content sniffing and container checks.
        let head: [UInt8]
    }

    /// How many leading bytes are kept for sniffing.
    static let headLength = 4096

    /// Classifies `path` with stat, then opens it without blocking and reads its first bytes.
    static func inspect(_ path: String) -> Result<Readable, ProbeFailure> {
        var info = stat()
        // The path's real bytes: a name that is not UTF-8 is carried as a PathBytes string.
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
            let error = errno
            // A dangling symlink still has an lstat entry; either way the file to play is gone.
            if error == ENOENT || error == ENOTDIR { return .failure(.vanished) }
            if error == EACCES { return .failure(.permissionDenied) }
            if error == ELOOP { return .failure(.notRegularFile(kind: .symbolicLinkLoop)) }
            return .failure(.other(String(cString: strerror(error))))
        }
        if let failure = classify(mode: info.st_mode, size: Int(info.st_size)) { return .failure(failure) }
        // O_NONBLOCK keeps open from hanging if the path was swapped for a FIFO since the stat.
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else {
            let error = errno
            if error == EACCES || error == EPERM { return .failure(.permissionDenied) }
            if error == ENOENT { return .failure(.vanished) }
            // Only O_NONBLOCK keeps this from waiting up to 45 s for another program's lease (Samba, NFS).
            if error == EWOULDBLOCK { return .failure(locked) }
            return .failure(.other(String(cString: strerror(error))))
        }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0 else { return .failure(.vanished) }
        if let failure = classify(mode: opened.st_mode, size: Int(opened.st_size)) { return .failure(failure) }
        var head = [UInt8](repeating: 0, count: headLength)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, headLength) }
        guard count >= 0 else {
            return .failure(errno == EACCES ? .permissionDenied : .other(String(cString: strerror(errno))))
        }
        head.removeSubrange(count...)
        return .success(Readable(size: Int(opened.st_size), modified: Int64(opened.st_mtim.tv_sec), head: head))
    }

    /// A file another program holds a lease on; opening it normally would wait until that program lets go.
    static let locked = ProbeFailure.other("The file is locked by another program (a file lease); try again later.")

    /// The failure implied by a file's type bits and size, or nil for a non-empty regular file.
    static func classify(mode: mode_t, size: Int) -> ProbeFailure? {
        switch mode & S_IFMT {
        case S_IFREG: return size == 0 ? .empty : nil
        case S_IFDIR: return .notRegularFile(kind: .folder)
        case S_IFIFO: return .notRegularFile(kind: .fifo)
        case S_IFSOCK: return .notRegularFile(kind: .socket)
        case S_IFCHR: return .notRegularFile(kind: .characterDevice)
        case S_IFBLK: return .notRegularFile(kind: .blockDevice)
        default: return .notRegularFile(kind: .unknown)
        }
    }
}

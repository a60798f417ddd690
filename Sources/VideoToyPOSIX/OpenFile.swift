import Glibc
import VideoToyCore

/// An open file descriptor that is closed exactly once, by its owner.
///
/// Foundation's `FileHandle` retries a `close` that reported an error (a dropped share says ECONNABORTED or EIO)
/// when it is deallocated. On Linux the first `close` has already released the number, so the retry closes
/// whatever opened it since, in any thread: a GStreamer bus's wake-up socket, a FUSE device, the X connection.
public final class OpenFile: @unchecked Sendable {
    private var fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// Opens `path` (a `PathBytes` string) for reading, or nil if it cannot be opened (`errno` says why).
    public static func reading(_ path: String) -> OpenFile? {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        return fd >= 0 ? OpenFile(fd: fd) : nil
    }

    /// Creates or empties `path` (mode 0644 before the umask) for writing, or nil if it cannot be opened.
    public static func writing(_ path: String) -> OpenFile? {
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        return fd >= 0 ? OpenFile(fd: fd) : nil
    }

    /// Up to `count` bytes from `offset`, fewer only at the end of the file; nil on a read error.
    public func read(upTo count: Int, at offset: Int) -> [UInt8]? {
        guard fd >= 0, count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// Every byte from `offset` to the end of the file; nil on a read error.
    public func readToEnd(from offset: Int = 0) -> [UInt8]? {
        var all: [UInt8] = []
        while true {
            guard let chunk = read(upTo: 1 << 16, at: offset + all.count) else { return nil }
            all += chunk
            if chunk.count < 1 << 16 { return all }
        }
    }

    /// Writes all of `bytes` at the current position; false on an error.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard fd >= 0 else { return false }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Flushes what was written to the disk; false on an error.
    public func sync() -> Bool {
        guard fd >= 0 else { return false }
        while Glibc.fsync(fd) != 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }

    /// Closes the descriptor now; later calls, and deallocation, do nothing.
    public func close() {
        guard fd >= 0 else { return }
        // Linux releases the number even when close reports an error, so it is never tried again.
        _ = Glibc.close(fd)
        fd = -1
    }
}

/// Why `OpenFile.claiming` did not open a file.
public enum ClaimFailure: Error, Equatable, Sendable {
    /// Another process holds the file's lock: it is that process's record.
    case held
    /// The file could not be opened or locked; the `errno`.
    case failed(Int32)
}

extension OpenFile {
    /// Opens `path` for writing, created if missing, and takes an exclusive `flock` on it for as long as it stays
    /// open; only then is a regular file emptied. A file another process holds is left exactly as it is.
    public static func claiming(_ path: String) -> Result<OpenFile, ClaimFailure> {
        // No O_TRUNC: the lock decides whether this process may empty the file at all.
        let fd = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0o644) }
        guard fd >= 0 else { return .failure(.failed(errno)) }
        let file = OpenFile(fd: fd)
        var locked = flock(fd, LOCK_EX | LOCK_NB)
        while locked != 0, errno == EINTR { locked = flock(fd, LOCK_EX | LOCK_NB) }
        guard locked == 0 else { return .failure(errno == EWOULDBLOCK ? .held : .failed(errno)) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            guard ftruncate(fd, 0) == 0 else { return .failure(.failed(errno)) }
        }
        return .success(file)
    }
}

import Glibc
import VideoToyCore

/// Reading the settings key file without ever waiting on it, and finding what interrupted writes left beside it.
enum SettingsFile {
    /// What reading the file found.
    enum Contents: Equatable {
        /// Nothing is there (or a dangling link): the defaults, and nothing to tell.
        case missing
        /// The file's bytes.
        case contents([UInt8])
        /// A FIFO, device, socket or folder where the file should be.
        case notRegular(kind: String)
        /// It could not be read; why.
        case failed(String)
    }

    /// Far beyond what the app writes (200 resume positions are a few tens of KiB): anything bigger is not its file.
    static let sizeLimit = 16 << 20

    /// Reads `path` whole. The open never waits (`O_NONBLOCK`: a FIFO has no writer, a device may never answer), and
    /// the open file is checked to be a regular file before a byte is read.
    static func read(_ path: String) -> Contents {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .failed(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .notRegular(kind: "folder")
        case S_IFIFO: return .notRegular(kind: "FIFO")
        case S_IFSOCK: return .notRegular(kind: "socket")
        case S_IFCHR, S_IFBLK: return .notRegular(kind: "device")
        default: return .notRegular(kind: "special file")
        }
        guard info.st_size <= sizeLimit else { return .failed("larger than \(sizeLimit >> 20) MiB") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= sizeLimit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failed(String(cString: strerror(errno))) }
            if count == 0 { return .contents(bytes) }
            bytes += chunk[..<count]
        }
        return .failed("larger than \(sizeLimit >> 20) MiB")
    }

    /// The names in `folder` of temporary files left by writes of `name` that never finished: GLib writes to
    /// `name.XXXXXX` (six random letters or digits) and renames it over `name`; only regular files count. A tail that
    /// reads as a word (`backup`, `BACKUP`, `Backup`) is taken for the user's own copy and kept: losing that is worse
    /// than one leftover.
    static func leftovers(of name: String, in folder: String) -> [String] {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        let prefix = Array(name.utf8) + [UInt8(ascii: ".")]
        var found: [String] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            guard bytes.count == prefix.count + 6, bytes.starts(with: prefix),
                isRandomTail(bytes[prefix.count...])
            else { continue }
            let leftover = PathBytes.decode(bytes)
            var info = stat()
            guard PathBytes.withCString(folder + "/" + leftover, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG
            else { continue }
            found.append(leftover)
        }
        return found
    }

    /// Whether `tail` is six letters and digits that do not spell a word: a digit in it, or mixed case that is not
    /// just a capital first letter.
    static func isRandomTail(_ tail: ArraySlice<UInt8>) -> Bool {
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z"), upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard tail.allSatisfy({ lower.contains($0) || upper.contains($0) || digit.contains($0) }) else { return false }
        if tail.contains(where: digit.contains) { return true }
        let uppers = tail.filter(upper.contains).count
        let lowers = tail.count - uppers
        let capitalised = uppers == 1 && upper.contains(tail[tail.startIndex])
        return uppers > 0 && lowers > 0 && !capitalised
    }
}

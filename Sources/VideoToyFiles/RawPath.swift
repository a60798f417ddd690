import CGLib
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// System calls on paths given as bytes, which need not be UTF-8.
enum RawPath {
    /// `stat`: what the entry is, a symbolic link followed.
    static func status(_ path: [UInt8], _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { statFollowing($0, &info) }
    }

    /// `lstat`: what the entry itself is, a symbolic link not followed.
    static func linkStatus(_ path: [UInt8], _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { statNotFollowing($0, &info) }
    }

    /// The pseudo file system (`proc`, `sysfs`, `dev`…) `path` is on, given its canonical path, or nil.
    static func pseudoFileSystem(_ path: [UInt8], resolved: String?) -> String? {
        withCString(path) { PseudoFileSystem.name(of: $0, resolved: resolved) }
    }

    /// An error number from a failed call.
    struct Failure: Error {
        let code: Int32
    }

    /// The names in a folder (hidden ones left out) with their types as the listing gives them (`DT_REG`,
    /// `DT_DIR`, `DT_LNK`, or `DT_UNKNOWN` where the file system does not say), read with opendir/readdir.
    static func list(_ folder: [UInt8]) -> Result<[(name: [UInt8], type: UInt8)], Failure> {
        guard let directory = withCString(folder, { opendir($0) }) else { return .failure(Failure(code: errno)) }
        defer { closedir(directory) }
        var entries: [(name: [UInt8], type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name.first == UInt8(ascii: ".") { continue }
            entries.append((name, entry.pointee.d_type))
        }
        return .success(entries)
    }

    /// The canonical path (symlinks resolved), as a key for finding the same file twice.
    static func resolved(_ path: [UInt8]) -> String? {
        guard let resolved = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.decode(cString: resolved)
    }

    /// File systems on a local device, whose calls return or fail but never hang on a server, as GIO names them.
    private static let localDisks: Set<String> = [
        "ext2", "ext3", "ext4", "ext2/ext3", "ext3/ext4", "xfs", "btrfs", "tmpfs", "f2fs", "overlayfs",
    ]

    /// Whether `folder` is on one of `localDisks`.
    static func isLocalDisk(_ folder: [UInt8]) -> Bool {
        guard let file = withCString(folder, { g_file_new_for_path($0) }) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let info = g_file_query_filesystem_info(file, "filesystem::type", nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard let type = g_file_info_get_attribute_string(info, "filesystem::type") else { return false }
        return localDisks.contains(String(cString: type))
    }

    /// Whether the regular file at `path` sniffs as a video (`sniffsAsVideo(cPath:)`).
    static func sniffsAsVideo(_ path: [UInt8]) -> Bool {
        withCString(path) { sniffsAsVideo(cPath: $0) }
    }

    /// True when the first 4 KiB of the regular file at `path` sniff as a video content type.
    static func sniffsAsVideo(cPath path: UnsafePointer<CChar>) -> Bool {
        // O_NONBLOCK: if the entry turned into a FIFO after the stat, open must still not wait.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var uncertain: gboolean = 0
        // Only the bytes are asked: the name has already failed to say "video".
        guard let type = head.withUnsafeBufferPointer({ g_content_type_guess(nil, $0.baseAddress, gsize(count), &uncertain) })
        else { return false }
        defer { g_free(type) }
        guard let mime = g_content_type_get_mime_type(type) else { return false }
        defer { g_free(mime) }
        return String(cString: mime).hasPrefix("video/")
    }

    /// `body` given `bytes` as a NUL-terminated C string.
    private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}

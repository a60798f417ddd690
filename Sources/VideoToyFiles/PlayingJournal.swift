import CGLib
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// The crash journal on disk: the files open in a player (and those a crash marked), so that the start after VideoToy
/// died knows which file was playing (`CrashQuarantine` decides what that means).
///
/// A header line, then each path's bytes followed by a NUL (no path holds one). It is replaced atomically (a
/// temporary file renamed over it) and removed when it would be empty, so a clean quit leaves none. It is read as
/// untrusted: anything but a regular file of at most `largestFile` bytes with the header is ignored, as are paths that
/// are not absolute, longer than `PATH_MAX`, or no longer there, and entries past `mostEntries`.
public struct PlayingJournal: Sendable {
    /// The largest journal read (64 KiB); a larger file is damage, ignored whole.
    public static let largestFile = 1 << 16
    /// At most this many paths are read back.
    public static let mostEntries = 64
    /// The first line of every journal.
    static let header = Array("videotoy-playing 1\n".utf8)

    /// Where the journal is kept.
    public let path: String

    /// A journal at `path`, by default `$XDG_CONFIG_HOME/videotoy/playing`, beside the settings.
    public init(path: String? = nil) {
        self.path = path ?? String(cString: g_get_user_config_dir()) + "/videotoy/playing"
    }

    /// The paths the journal holds that are still there; empty when there is no journal or it is damaged.
    public func read() -> [String] {
        guard let info = PathCalls.status(path), info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.largestFile,
            let file = OpenFile.reading(path), let bytes = file.read(upTo: Self.largestFile + 1, at: 0),
            bytes.count <= Self.largestFile, bytes.starts(with: Self.header)
        else { return [] }
        var paths: [String] = []
        for entry in bytes[Self.header.count...].split(separator: 0, omittingEmptySubsequences: true) {
            guard paths.count < Self.mostEntries else { break }
            guard entry.first == UInt8(ascii: "/"), entry.count < Int(PATH_MAX) else { continue }
            let path = PathBytes.decode(entry)
            if !paths.contains(path), PathCalls.exists(path) { paths.append(path) }
        }
        return paths
    }

    /// Makes the journal hold `paths` (removing it when there are none); returns what went wrong, nil on success.
    @discardableResult
    public func write(_ paths: [String]) -> String? {
        guard !paths.isEmpty else {
            let removed = PathBytes.withCString(path) { unlink($0) } == 0 || errno == ENOENT
            return removed ? nil : "cannot remove \(PathBytes.display(path)): \(String(cString: strerror(errno)))"
        }
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { _ = PathBytes.withCString(folder) { g_mkdir_with_parents($0, 0o700) } }
        let temporary = path + ".\(getpid()).tmp"
        let bytes = Self.header + paths.prefix(Self.mostEntries).flatMap { PathBytes.encode($0) + [0] }
        // No fsync: the journal is for the app dying, not the machine, and the kernel keeps a dead process's writes.
        return FileReplacement.replace(path, through: temporary, with: bytes, sync: false)
    }
}

import CGLib
import Glibc

/// What a scan found: the videos to list and the places it could not look into.
public struct ScanResult: Sendable, Hashable {
    /// Absolute paths of the videos found, sorted.
    public var videos: [String]
    /// One readable message per folder or path that could not be read.
    public var problems: [String]

    /// Creates a result.
    public init(videos: [String] = [], problems: [String] = []) {
        self.videos = videos
        self.problems = problems
    }
}

/// Finds the videos among paths given on the command line or dropped on the window.
///
/// Files given directly are kept whatever they are, so the probe can say why one does not play.
/// Folders are searched recursively for video files, skipping hidden entries, following symlinks
/// but visiting each folder and file only once, and never opening FIFOs, sockets or devices.
public struct LibraryScanner: Sendable {
    /// Extensions that mark a file as a video without looking inside it.
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mkv", "webm", "mov", "avi", "ogv", "mpg", "mpeg", "ts", "m2ts", "mts", "wmv", "flv",
        "3gp", "3g2", "vob", "divx", "asf", "f4v", "qt", "y4m", "mxf",
    ]

    /// Creates a scanner.
    public init() {}

    /// Scans `paths`, blocking; run it off the main thread.
    public func scan(_ paths: [String]) -> ScanResult {
        var walk = Walk()
        for path in paths {
            let absolute = Self.absolute(path)
            var info = stat()
            guard stat(absolute, &info) == 0 else {
                // A direct path that is gone is still listed: the probe reports it as vanished.
                walk.add(file: absolute, identity: nil)
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk.folder(absolute, info: info)
            } else {
                walk.add(file: absolute, identity: FileIdentity(info))
            }
        }
        return ScanResult(videos: walk.videos.sorted(), problems: walk.problems)
    }

    /// True when `name`'s extension is a known video extension.
    public static func hasVideoExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return videoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// True when the first 4 KiB of the regular file at `path` sniff as a video content type.
    public static func sniffsAsVideo(_ path: String) -> Bool {
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

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }
}

/// A file's identity across hard links and symlinks.
private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The mutable state of one scan.
private struct Walk {
    var videos: [String] = []
    var problems: [String] = []
    private var seenFolders: Set<FileIdentity> = []
    private var seenFiles: Set<String> = []
    private var seenPaths: Set<String> = []

    mutating func add(file path: String, identity: FileIdentity?) {
        // A symlink to a listed file adds nothing, but hard links are files of their own: compare resolved paths.
        if identity != nil, let resolved = realpath(path, nil) {
            defer { free(resolved) }
            guard seenFiles.insert(String(cString: resolved)).inserted else { return }
        }
        if seenPaths.insert(path).inserted { videos.append(path) }
    }

    mutating func folder(_ path: String, info: stat) {
        // Device and inode identify a folder however it was reached, which ends symlink loops.
        guard seenFolders.insert(FileIdentity(info)).inserted else { return }
        guard let directory = opendir(path) else {
            problems.append("Cannot read folder \(path): \(String(cString: strerror(errno)))")
            return
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(directory)
        let base = path.hasSuffix("/") ? path : path + "/"
        for name in names.sorted() {
            let child = base + name
            var childInfo = stat()
            // stat follows symlinks; a dangling one inside a folder is just skipped.
            guard stat(child, &childInfo) == 0 else { continue }
            switch childInfo.st_mode & S_IFMT {
            case S_IFDIR:
                folder(child, info: childInfo)
            case S_IFREG:
                if LibraryScanner.hasVideoExtension(name) || LibraryScanner.sniffsAsVideo(child) {
                    add(file: child, identity: FileIdentity(childInfo))
                }
            default:
                continue
            }
        }
    }
}

import CGLib
import Foundation
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// What a scan found: the videos to list and the places it could not look into.
public struct ScanResult: Sendable, Hashable {
    /// Absolute paths of the videos found, sorted; names that are not UTF-8 are kept as `PathBytes` strings.
    public var videos: [String]
    /// One readable message per folder or path that could not be read.
    public var problems: [String]
    /// Every folder the scan went into (given ones and those inside them), each once, in the order it went in.
    public var folders: [String]
    /// The files in those folders named like subtitle files (`SubtitleFormat`), by name alone: what `SidecarLanguages`
    /// matches to the videos beside them.
    public var subtitles: [String]
    /// The folders whose every entry was looked at (one that stopped answering halfway is not among them).
    public var listed: [String]

    /// Creates a result.
    public init(videos: [String] = [], problems: [String] = [], folders: [String] = [], subtitles: [String] = [], listed: [String] = []) {
        self.videos = videos
        self.problems = problems
        self.folders = folders
        self.subtitles = subtitles
        self.listed = listed
    }

    /// Which of the videos found have subtitle files beside them, and in which languages.
    public var sidecars: SidecarLanguages { SidecarLanguages(videos: videos, subtitles: subtitles, listed: listed) }
}

/// Finds the videos among paths given on the command line or dropped on the window.
///
/// Files given directly are kept whatever is in them, so the probe can say why one does not play, but a FIFO,
/// socket or device is only reported: opening one can wait for good. Folders are searched recursively for video
/// files, skipping hidden entries and never opening FIFOs, sockets or devices. A symbolic link to a file is listed
/// wherever it points (outside /proc, /sys and /dev); one to a folder is followed only when that folder is inside
/// a folder given to the scan, each folder visited once (device and inode), so a link to `/` adds nothing. /proc,
/// /sys, /dev and the kernel's other pseudo file systems are never scanned, even when given.
///
/// Every file-system call runs under a deadline: on a share whose server stopped answering, a `stat` or
/// `readdir` blocks in the kernel for good. An entry that does not answer is reported as a problem, and still
/// listed when its name says video (its probe then says it timed out); the scan goes on with the rest.
public struct LibraryScanner: Sendable {
    /// Extensions that mark a file as a video without looking inside it.
    public static var videoExtensions: Set<String> { VideoExtensions.all }

    /// How long reading one folder may take (long enough for a disk to spin up).
    public var folderTimeoutSeconds: Double
    /// How long looking at one entry may take.
    public var entryTimeoutSeconds: Double
    /// Entries in one folder that may fail to answer before the rest of that folder is skipped.
    public var unansweredLimit: Int

    /// Creates a scanner.
    public init(folderTimeoutSeconds: Double = 20, entryTimeoutSeconds: Double = 5, unansweredLimit: Int = 3) {
        self.folderTimeoutSeconds = folderTimeoutSeconds
        self.entryTimeoutSeconds = entryTimeoutSeconds
        self.unansweredLimit = max(1, unansweredLimit)
    }

    /// Scans `paths`, blocking; run it off the main thread.
    public func scan(_ paths: [String]) -> ScanResult {
        let calls = GuardedCalls()
        defer { calls.finish() }
        var walk = Walk(scanner: self, calls: calls)
        var looked: [(path: String, status: Status?)] = []
        for path in paths {
            let absolute = Self.absolute(path)
            let raw = PathBytes.encode(absolute)
            looked.append((absolute, calls.run(timeout: folderTimeoutSeconds) { Self.status(raw) }))
        }
        // Symbolic links to folders are followed only into these: the library, never the rest of the file system.
        walk.roots = looked.compactMap { entry in
            guard let status = entry.status, let info = status.info, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            return status.resolved
        }
        for (absolute, status) in looked {
            let shown = PathBytes.display(absolute)
            guard let status else {
                walk.problems.append("\(shown) did not answer within \(Int(folderTimeoutSeconds)) s")
                walk.add(file: absolute, resolved: nil)
                continue
            }
            guard let info = status.info else {
                // A direct path that is gone is still listed: the probe reports it as vanished. Any other failure
                // (a share that dropped) is said too, or a folder would turn silently into one unplayable row.
                if ![ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG].contains(status.code) {
                    walk.problems.append("\(shown) could not be checked (\(String(cString: strerror(status.code))))")
                }
                walk.add(file: absolute, resolved: nil)
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk.folder(absolute, info: info)
            case S_IFREG:
                if let pseudo = status.pseudo {
                    walk.problems.append("\(shown) is on the \(pseudo) file system, which holds no videos: not listed")
                } else {
                    walk.add(file: absolute, resolved: status.resolved)
                }
            default:
                // Opening a FIFO waits for a writer, a device may block or rewind a tape: never listed, never opened.
                let kind = FileKind(mode: info.st_mode)
                walk.problems.append("\(shown) is a \(kind), not a video file: not listed")
            }
        }
        return ScanResult(
            videos: walk.videos.sorted(), problems: walk.problems, folders: walk.folders, subtitles: walk.subtitles, listed: walk.listed)
    }

    /// What `stat` said of a path given to `scan`, its canonical path, and the pseudo file system it is on, if any.
    private struct Status: Sendable {
        var info: Glibc.stat?
        var code: Int32
        var resolved: String?
        var pseudo: String?
    }

    private static func status(_ raw: [UInt8]) -> Status {
        var info = Glibc.stat()
        // errno is read on the thread that made the call: it is per thread.
        guard RawPath.status(raw, &info) == 0 else { return Status(info: nil, code: errno) }
        let resolved = RawPath.resolved(raw)
        return Status(info: info, code: 0, resolved: resolved, pseudo: RawPath.pseudoFileSystem(raw, resolved: resolved))
    }

    /// True when `name`'s extension is a known video extension.
    public static func hasVideoExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return videoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// True when the first 4 KiB of the regular file at `path` sniff as a video content type.
    public static func sniffsAsVideo(_ path: String) -> Bool {
        PathBytes.withCString(path) { sniffsAsVideo(cPath: $0) }
    }

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

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return PathBytes.decode(cString: cwd) + "/" + path
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
    let scanner: LibraryScanner
    let calls: GuardedCalls
    var videos: [String] = []
    var problems: [String] = []
    var folders: [String] = []
    var subtitles: [String] = []
    var listed: [String] = []
    /// The canonical paths of the folders given to the scan: the only places a symbolic link to a folder leads into.
    var roots: [String] = []
    private var seenFolders: Set<FileIdentity> = []
    // Keys by bytes: canonically equal names ("é" precomposed or not) are different files.
    private var seenFiles: Set<PathKey> = []
    private var seenPaths: Set<PathKey> = []

    init(scanner: LibraryScanner, calls: GuardedCalls) {
        self.scanner = scanner
        self.calls = calls
    }

    /// What one folder entry turned out to be.
    private enum Entry: Sendable {
        /// A folder; `link` is the canonical path it resolves to when the entry is a symbolic link.
        case folder(Glibc.stat, link: String?)
        case video(resolved: String?)
        /// The file system answered with an error other than "not there" (EIO, ENOTCONN on a share that dropped).
        case unreadable(errno: Int32)
        case skip
    }

    mutating func add(file path: String, resolved: String?) {
        // A symlink to a listed file adds nothing, but hard links are files of their own: compare resolved paths.
        if let resolved { guard seenFiles.insert(PathKey(resolved)).inserted else { return } }
        if seenPaths.insert(PathKey(path)).inserted { videos.append(path) }
    }

    mutating func folder(_ path: String, info: Glibc.stat) {
        // Device and inode identify a folder however it was reached, which ends symlink loops.
        guard seenFolders.insert(FileIdentity(info)).inserted else { return }
        let rawFolder = PathBytes.encode(path)
        let shown = PathBytes.display(path)
        guard
            let looked = calls.run(
                timeout: scanner.folderTimeoutSeconds,
                { () -> (real: String?, pseudo: String?, listing: Result<[(name: [UInt8], type: UInt8)], RawPath.Failure>?) in
                    let real = RawPath.resolved(rawFolder)
                    // Checked before listing: a listing of /proc alone is every process's folder.
                    if let pseudo = RawPath.pseudoFileSystem(rawFolder, resolved: real) { return (real, pseudo, nil) }
                    return (real, nil, RawPath.list(rawFolder))
                })
        else {
            folders.append(path)
            problems.append("Folder \(shown) did not answer within \(Int(scanner.folderTimeoutSeconds)) s")
            return
        }
        guard let listing = looked.listing else {
            // Not among the folders either, so nothing watches it.
            problems.append("\(shown) is on the \(looked.pseudo ?? "kernel's") file system, which holds no videos: not scanned")
            return
        }
        folders.append(path)
        let entries: [(name: String, type: UInt8)]
        switch listing {
        case .failure(let error):
            problems.append("Cannot read folder \(shown): \(String(cString: strerror(error.code)))")
            return
        case .success(let list):
            // Names that are not UTF-8 become PathBytes strings, which system calls turn back into the same bytes.
            entries = list.map { (PathBytes.decode($0.name), $0.type) }.sorted { $0.name < $1.name }
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        // On a local disk, a regular file (not a symlink, as the folder listing says) named like a video needs no
        // call of its own: its resolved path is the folder's plus its name. A folder of 100,000 videos costs one
        // realpath, not 100,000 stat and realpath calls, each on a helper thread under a deadline. A share or a
        // FUSE file system can stop answering for one entry, so there every entry is still looked at on its own.
        let real = looked.real
        let realBase =
            calls.run(timeout: scanner.folderTimeoutSeconds) { () -> String? in
                guard RawPath.isLocalDisk(rawFolder), let real else { return nil }
                return real.hasSuffix("/") ? real : real + "/"
            } ?? nil
        var unanswered = 0
        for (name, type) in entries {
            let child = base + name
            let nameSaysVideo = LibraryScanner.hasVideoExtension(name)
            if type == UInt8(DT_REG), nameSaysVideo, let realBase {
                add(file: child, resolved: realBase + name)
                continue
            }
            if type != UInt8(DT_DIR), Self.isSubtitle(name) {
                // By name, as the player finds them: no call of its own, and never sniffed as a video.
                subtitles.append(child)
                continue
            }
            let rawChild = PathBytes.encode(child)
            guard let entry = calls.run(timeout: scanner.entryTimeoutSeconds, { Self.look(at: rawChild, nameSaysVideo: nameSaysVideo) })
            else {
                unanswered += 1
                let seconds = Int(scanner.entryTimeoutSeconds)
                if nameSaysVideo {
                    // Listed unchecked: its row will say that reading it timed out, instead of it silently missing.
                    problems.append("\(PathBytes.display(child)) did not answer within \(seconds) s; listed without checking")
                    add(file: child, resolved: nil)
                } else {
                    problems.append("\(PathBytes.display(child)) did not answer within \(seconds) s; skipped")
                }
                if unanswered >= scanner.unansweredLimit {
                    problems.append("Folder \(shown) stopped answering: the rest of it was skipped")
                    return
                }
                continue
            }
            switch entry {
            case .folder(let childInfo, let link):
                if let link, !isInsideRoots(link) {
                    // A link to `/` or to a home folder would take the scan through the whole disk and every process's
                    // folders in /proc: a link leads only to folders the library holds anyway.
                    problems.append(
                        "\(PathBytes.display(child)) links to \(PathBytes.display(link)), outside the library folder: not followed")
                    continue
                }
                folder(child, info: childInfo)
            case .video(let resolved):
                add(file: child, resolved: resolved)
            case .unreadable(let code):
                // Said out loud: a share that drops mid-scan must not make the rest of a folder vanish silently.
                let reason = String(cString: strerror(code))
                if nameSaysVideo {
                    problems.append("\(PathBytes.display(child)) could not be checked (\(reason)); listed without checking")
                    add(file: child, resolved: nil)
                } else {
                    problems.append("\(PathBytes.display(child)) could not be checked (\(reason)); skipped")
                }
            case .skip:
                continue
            }
        }
        listed.append(path)
    }

    /// Whether the canonical path `real` is one of `roots` or inside one.
    private func isInsideRoots(_ real: String) -> Bool {
        roots.contains { root in real == root || root == "/" || real.hasPrefix(root + "/") }
    }

    private static func isSubtitle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return SubtitleFormat(fileExtension: String(name[name.index(after: dot)...])) != nil
    }

    /// Classifies one entry: every call that can block on the file system happens here, under one deadline.
    private static func look(at path: [UInt8], nameSaysVideo: Bool) -> Entry {
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
}

/// Runs file-system calls on a helper thread and stops waiting for one that does not return in time.
///
/// The helper that is stuck is left behind (nothing can interrupt a call blocked in the kernel) and a new
/// one takes the next call, so one dead entry costs one timeout, not the scan.
final class GuardedCalls: @unchecked Sendable {
    private final class Helper: @unchecked Sendable {
        let lock = NSLock()
        let wake = DispatchSemaphore(value: 0)
        var job: (@Sendable () -> Void)?
        var quit = false

        init() {
            let thread = Thread { [self] in
                while true {
                    wake.wait()
                    let (next, done) = lock.withLock { (job, quit) }
                    if done { return }
                    lock.withLock { job = nil }
                    next?()
                }
            }
            thread.name = "videotoy-scan"
            thread.start()
        }

        func submit(_ body: @escaping @Sendable () -> Void) {
            lock.withLock { job = body }
            wake.signal()
        }

        func stop() {
            lock.withLock { quit = true }
            wake.signal()
        }
    }

    // The worker writes `value` before signalling `done`; the caller reads it only after a successful wait, so the
    // semaphore orders the two accesses.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
        let done = DispatchSemaphore(value: 0)
    }

    private var helper = Helper()

    /// `body`'s result, or nil if it did not return within `timeout` seconds.
    func run<T>(timeout: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        helper.submit {
            box.value = body()
            box.done.signal()
        }
        guard box.done.wait(timeout: .now() + timeout) == .success else {
            // The stuck helper quits once (if ever) its call returns; a fresh one serves the rest.
            helper.stop()
            helper = Helper()
            return nil
        }
        return box.value
    }

    /// Ends the helper thread.
    func finish() { helper.stop() }
}

/// System calls on paths given as bytes, which need not be UTF-8.
enum RawPath {
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

    static func sniffsAsVideo(_ path: [UInt8]) -> Bool {
        withCString(path) { LibraryScanner.sniffsAsVideo(cPath: $0) }
    }

    private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}

/// How a file that is neither a folder nor a regular file is named in messages.
private struct FileKind: CustomStringConvertible {
    let mode: mode_t

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

import Glibc
import VideoToyCore

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
        let began = ScanStamps.now()
        let calls = GuardedCalls()
        defer { calls.finish() }
        var walk = FolderWalk(scanner: self, calls: calls)
        walk.mountPoints = MountPoints.current()
        var looked: [(path: String, status: PathStatus?)] = []
        for path in paths {
            let absolute = Self.absolute(path)
            let raw = PathBytes.encode(absolute)
            looked.append((absolute, calls.run(timeout: folderTimeoutSeconds) { PathStatus.look(at: raw) }))
        }
        // Symbolic links to folders are followed only into these: the library, never the rest of the file system.
        walk.roots = LibraryRoots(
            looked.compactMap { entry in
                guard let status = entry.status, let info = status.info, info.st_mode & S_IFMT == S_IFDIR else { return nil }
                return status.resolved
            })
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
        var result = ScanResult(
            videos: walk.videos.sorted(), problems: walk.problems, folders: walk.folders, subtitles: walk.subtitles, listed: walk.listed)
        result.stamps = ScanStamps(began: began, folders: walk.stamps)
        return result
    }

    /// True when `name`'s extension is a known video extension.
    public static func hasVideoExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return videoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// True when the first 4 KiB of the regular file at `path` sniff as a video content type.
    public static func sniffsAsVideo(_ path: String) -> Bool {
        PathBytes.withCString(path) { RawPath.sniffsAsVideo(cPath: $0) }
    }

    /// `path` made absolute against the working folder.
    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return PathBytes.decode(cString: cwd) + "/" + path
    }
}

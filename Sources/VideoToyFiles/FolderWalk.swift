import Glibc
import VideoToyCore

/// The mutable state of one scan, and its way down the folders.
struct FolderWalk {
    /// The deadlines and the limit on entries that do not answer.
    let scanner: LibraryScanner
    /// Where every file-system call runs, under a deadline.
    let calls: GuardedCalls
    /// The videos listed so far, in the order found (`ScanResult.videos`).
    var videos: [String] = []
    /// One message per place that could not be looked into (`ScanResult.problems`).
    var problems: [String] = []
    /// The folders gone into (`ScanResult.folders`).
    var folders: [String] = []
    /// The files named like subtitle files (`ScanResult.subtitles`).
    var subtitles: [String] = []
    /// The folders whose every entry was looked at (`ScanResult.listed`).
    var listed: [String] = []
    /// The stamp of each folder in `listed`, from the `stat` that led into it (`ScanResult.stamps`).
    var stamps: [String: FolderStamp] = [:]
    /// The folders given to the scan: the only places a symbolic link to a folder leads into.
    var roots = LibraryRoots()
    /// The kernel's mount points when the scan began: a folder entry on a local disk that is none of these is on
    /// that same disk, so looking into it needs no deadline.
    var mountPoints: Set<String> = []
    private var seenFolders: Set<FileIdentity> = []
    // Keys by bytes: canonically equal names ("é" precomposed or not) are different files.
    private var seenFiles: Set<PathKey> = []
    private var seenPaths: Set<PathKey> = []

    /// Starts a walk whose calls run on `calls` under `scanner`'s deadlines.
    init(scanner: LibraryScanner, calls: GuardedCalls) {
        self.scanner = scanner
        self.calls = calls
    }

    /// Lists the video at `path` unless it, or the file it resolves to, is listed already.
    mutating func add(file path: String, resolved: String?) {
        // A symlink to a listed file adds nothing, but hard links are files of their own: compare resolved paths.
        if let resolved { guard seenFiles.insert(PathKey(resolved)).inserted else { return } }
        if seenPaths.insert(PathKey(path)).inserted { videos.append(path) }
    }

    /// Goes into the folder at `path`, and into the folders inside it, listing videos and subtitle files;
    /// `sameDisk` says it is on the local file system of the folder holding it (`FolderListing.read`).
    mutating func folder(_ path: String, info: Glibc.stat, sameDisk: Bool = false) {
        // Device and inode identify a folder however it was reached, which ends symlink loops.
        guard seenFolders.insert(FileIdentity(info)).inserted else { return }
        let shown = PathBytes.display(path)
        let listing: FolderListing
        switch FolderListing.read(path, calls: calls, timeout: scanner.folderTimeoutSeconds, sameDisk: sameDisk) {
        case .unanswered:
            folders.append(path)
            problems.append("Folder \(shown) did not answer within \(Int(scanner.folderTimeoutSeconds)) s")
            return
        case .pseudo(let name):
            // Not among the folders either, so nothing watches it.
            problems.append("\(shown) is on the \(name ?? "kernel's") file system, which holds no videos: not scanned")
            return
        case .unreadable(let code):
            folders.append(path)
            problems.append("Cannot read folder \(shown): \(String(cString: strerror(code)))")
            return
        case .listed(let read):
            folders.append(path)
            listing = read
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        var unanswered = 0
        for (name, type) in listing.entries {
            let child = base + name
            let nameSaysVideo = LibraryScanner.hasVideoExtension(name)
            if type == UInt8(DT_REG), nameSaysVideo, let realBase = listing.realBase {
                add(file: child, resolved: realBase + name)
                continue
            }
            if type != UInt8(DT_DIR), FolderEntry.isSubtitle(name) {
                // By name, as the player finds them: no call of its own, and never sniffed as a video.
                subtitles.append(child)
                continue
            }
            let rawChild = PathBytes.encode(child)
            // A folder (not a link) in a folder on a local disk, and no mount point, is on that disk: its stat
            // cannot hang, so it needs no helper thread. Anything else may lead to a share.
            let sameDisk =
                type == UInt8(DT_DIR) && listing.realBase.map { !mountPoints.contains($0 + name) } ?? false
            let look = { @Sendable in FolderEntry.look(at: rawChild, nameSaysVideo: nameSaysVideo) }
            guard let entry = sameDisk ? look() : calls.run(timeout: scanner.entryTimeoutSeconds, look) else {
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
                if let link, !roots.contains(link) {
                    // A link to `/` or to a home folder would take the scan through the whole disk and every process's
                    // folders in /proc: a link leads only to folders the library holds anyway.
                    problems.append(
                        "\(PathBytes.display(child)) links to \(PathBytes.display(link)), outside the library folder: not followed")
                    continue
                }
                folder(child, info: childInfo, sameDisk: sameDisk && link == nil && childInfo.st_dev == info.st_dev)
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
        // Taken before the folder was read: a change while it was read leaves a newer stamp, seen as a change.
        stamps[path] = ScanStamps.stamp(info)
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

import Glibc
import VideoToyCore
import VideoToyPOSIX

/// Looking again at one library folder, to keep its rows in line with the disk.
extension LibraryScanner {
    /// Scans `folder` again, blocking; run it off the main thread.
    ///
    /// `known` are the library's paths inside the folder. One the scan does not list but that still exists as a
    /// file (given directly though not named like a video, hidden, or in a subfolder that did not answer) still
    /// counts as present, so only files that are really gone lose their rows. A known path that does not answer
    /// in time counts as present too: nothing is known about it.
    public func rescan(folder: String, known: [String]) -> FolderRescan {
        let calls = GuardedCalls()
        defer { calls.finish() }
        guard
            let readable = calls.run(
                timeout: folderTimeoutSeconds,
                { () -> Bool in
                    guard PathCalls.isFolder(folder) else { return false }
                    if case .success = RawPath.list(PathBytes.encode(folder)) { return true }
                    return false
                })
        else { return .unanswered }
        guard readable else { return .gone }
        let result = scan([folder])
        var files = result.videos
        // By bytes: two names that differ only in Unicode normalisation are two files.
        let listed = Set(files.map(PathKey.init))
        var unanswered = 0
        for path in known where !listed.contains(PathKey(path)) {
            guard unanswered < unansweredLimit else {
                files.append(path)
                continue
            }
            let exists = calls.run(timeout: entryTimeoutSeconds) { () -> Bool in
                PathCalls.status(path).map { $0.st_mode & S_IFMT != S_IFDIR } ?? false
            }
            if exists == nil { unanswered += 1 }
            if exists ?? true { files.append(path) }
        }
        return .listed(
            files: files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, folders: result.folders, subtitles: result.subtitles,
            read: result.listed)
    }
}

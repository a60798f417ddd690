import CGLib
import Glibc

/// The subtitles of one converted cast, as a SubRip file the converter process reads to burn them into the picture.
///
/// The file is private to the user (0600, in a 0700 folder made by `mkdtemp` under the user's runtime folder, which is
/// itself private and emptied at logout), so no other user reads what the video says; `remove` (or letting it go)
/// deletes both.
final class BurntSubtitlesFile {
    /// The file's path, for the converter's command line.
    let path: String
    private let folder: String
    private var removed = false

    private init(path: String, folder: String) {
        self.path = path
        self.folder = folder
    }

    deinit { remove() }

    /// Writes `text` to a new private file; nil when no folder or file can be made or written.
    static func holding(_ text: String) -> BurntSubtitlesFile? {
        let runtime = g_get_user_runtime_dir().map { String(cString: $0) } ?? ""
        // GLib falls back to the cache folder when XDG_RUNTIME_DIR is unset; /tmp when even that is missing.
        let base = runtime.hasPrefix("/") ? runtime : "/tmp"
        var template = Array("\(base)/videotoy-cast-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else { return nil }
        let folder = String(cString: made)
        let path = folder + "/subtitles.srt"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            rmdir(folder)
            return nil
        }
        let file = BurntSubtitlesFile(path: path, folder: folder)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress.map { $0 + written }, raw.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(fd)
                file.remove()
                return nil
            }
            written += count
        }
        guard close(fd) == 0 else {
            file.remove()
            return nil
        }
        return file
    }

    /// Deletes the file and its folder. Idempotent.
    func remove() {
        guard !removed else { return }
        removed = true
        unlink(path)
        rmdir(folder)
    }
}

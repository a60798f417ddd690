import Glibc
import VideoToyCore
import VideoToyPOSIX

/// Replaces a file's contents through a temporary file renamed over it, so a reader never sees half a file and a
/// failed write leaves the old one whole.
enum FileReplacement {
    /// Writes `bytes` to `temporary` (in `path`'s folder), flushed to the disk first when `sync`, and renames it over
    /// `path`; returns what went wrong, nil on success (the temporary file is removed on failure).
    static func replace(_ path: String, through temporary: String, with bytes: [UInt8], sync: Bool) -> String? {
        guard let file = OpenFile.writing(temporary) else {
            return "cannot write \(PathBytes.display(temporary)): \(String(cString: strerror(errno)))"
        }
        let written = file.write(bytes) && (!sync || file.sync())
        file.close()
        let renamed = written && PathBytes.withCString(temporary, { from in PathBytes.withCString(path) { rename(from, $0) } }) == 0
        guard renamed else {
            let problem = String(cString: strerror(errno))
            _ = PathBytes.withCString(temporary) { unlink($0) }
            return "cannot write \(PathBytes.display(path)): \(problem)"
        }
        return nil
    }
}

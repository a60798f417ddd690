import Glibc
import VideoToyCore
import VideoToyPOSIX

/// Finds the subtitle files beside a video and reads them, with the folder's real bytes and a deadline: a share
/// that stops answering must not keep the worker forever.
enum SidecarReader {
    /// The subtitle files beside the video at `path`, read and parsed; none when the folder cannot be listed in time.
    static func read(beside path: String) -> SidecarSubtitles {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let videoName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let found = Bounded.run(seconds: 5) { () -> SidecarSubtitles in
            let siblings = names(in: folder.isEmpty ? "/" : folder)
            let prefix = folder + "/"
            return SidecarSubtitles(
                videoName: videoName, siblings: siblings,
                size: { name in PathCalls.status(prefix + name).map { Int($0.st_size) } },
                contents: { name in contents(of: prefix + name) })
        }
        return found ?? SidecarSubtitles()
    }

    /// The names in `folder`, as `PathBytes` strings.
    private static func names(in folder: String) -> [String] {
        guard let directory = PathBytes.withCString(folder, { opendir($0) }) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { PathBytes.decode(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The bytes of the regular file at `path`, or nil when it cannot be read.
    private static func contents(of path: String) -> [UInt8]? {
        guard PathCalls.isReadableFile(path), let file = OpenFile.reading(path) else { return nil }
        defer { file.close() }
        return file.read(upTo: SidecarSubtitles.largestFile, at: 0)
    }
}

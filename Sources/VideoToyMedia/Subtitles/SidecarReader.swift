import Glibc
import VideoToyCore
import VideoToyPOSIX

/// Finds the subtitle files beside a video and reads them, with the folder's real bytes and a deadline: a share
/// that stops answering must not keep the worker forever.
enum SidecarReader {
    /// How long the folder's listing, and each subtitle file's reading and parsing, may take.
    static let secondsPerStep = 5
    /// How long all the subtitle files of one video may take together.
    static let secondsInAll = 15

    /// The subtitle files beside the video at `path`, read and parsed; none when the folder cannot be listed in time.
    /// A file that takes more than `secondsPerStep` to read, or comes after others that took `secondsInAll`, is
    /// listed with a note saying so. A file in a legacy encoding is detected with `decoder` (no detector by default:
    /// the helper backend passes its own) and converted as `reading` says.
    static func read(
        beside path: String, reading: SubtitleReading = SubtitleReading(), secondsPerFile: Double = Double(secondsPerStep),
        decoder: LegacyTextDecoder = LegacyTextDecoder()
    ) -> SidecarSubtitles {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let videoName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let siblings = Bounded.run(seconds: Double(secondsPerStep), { names(in: folder.isEmpty ? "/" : folder) }) else {
            return SidecarSubtitles()
        }
        let prefix = folder + "/"
        let deadline = ContinuousClock.now + .seconds(secondsInAll)
        return SidecarSubtitles(videoName: videoName, siblings: siblings) { file in
            guard ContinuousClock.now < deadline else { return .notReached }
            let reading = Bounded.run(seconds: secondsPerFile) {
                SidecarSubtitles.read(
                    file, size: { name in PathCalls.status(prefix + name).map { Int($0.st_size) } },
                    contents: { name in contents(of: prefix + name) }, reading: reading, decoder: decoder)
            }
            return reading ?? .tooSlow(seconds: Int(secondsPerFile.rounded(.up)))
        }
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

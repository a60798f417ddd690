import Foundation
import VideoToyFiles
import VideoToyPOSIX

/// Appends event lines to a file or standard output on a serial queue, so the main loop never waits on disk.
final class EventLogWriter: Sendable {
    private let queue = DispatchQueue(label: "videotoy.events")
    private let handle: FileHandle

    /// Opens `path` ("-" is standard output), truncating an existing file.
    init?(path: String) {
        if path == "-" {
            handle = FileHandle.standardOutput
        } else {
            guard let file = PathCalls.writingHandle(path) else { return nil }
            handle = file
        }
    }

    /// Queues one line.
    func write(_ line: String) {
        let data = Data((line + "\n").utf8)
        queue.async { [handle] in try? handle.write(contentsOf: data) }
    }

    /// Waits until every queued line is written.
    func flush() {
        queue.sync {}
    }
}

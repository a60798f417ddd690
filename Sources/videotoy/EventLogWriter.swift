import Foundation
import VideoToyFiles
import VideoToyPOSIX

/// Appends event lines to a file or standard output on a serial queue, so the main loop never waits on disk.
final class EventLogWriter: Sendable {
    private let queue = DispatchQueue(label: "videotoy.events")
    private let file: OpenFile?

    /// Opens `path` ("-" is standard output), truncating an existing file.
    init?(path: String) {
        if path == "-" {
            file = nil
        } else {
            guard let opened = OpenFile.writing(path) else { return nil }
            file = opened
        }
    }

    /// Queues one line.
    func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        queue.async { [file] in
            if let file {
                file.write(bytes)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
        }
    }

    /// Waits until every queued line is written.
    func flush() {
        queue.sync {}
    }
}

import Foundation
import VideoToyAppTesting

/// The clip the cast tests send: twenty seconds of H.264 in MP4, with the index at the end, so the renderer has to ask
/// for byte ranges as a TV does.
enum CastClip {
    /// Made once and kept in the temporary folder under one name, so test runs reuse it rather than leave copies.
    static let mp4: Result<URL, HarnessError> = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-cast-clip-v1.mp4")
        if FileManager.default.fileExists(atPath: url.path) { return .success(url) }
        // Written aside and renamed: a test process running beside this one never sees half a clip.
        let partial = url.deletingLastPathComponent().appendingPathComponent("videotoy-cast-clip-v1.\(getpid()).partial.mp4")
        do {
            try Command.check([
                "gst-launch-1.0", "-q", "videotestsrc", "pattern=ball", "num-buffers=500", "!",
                "video/x-raw,format=I420,width=320,height=240,framerate=25/1", "!", "x264enc", "speed-preset=ultrafast", "key-int-max=25",
                "!", "h264parse", "!", "mp4mux", "!", "filesink", "location=\(partial.path)",
            ])
            guard rename(partial.path, url.path) == 0 else { throw HarnessError("cannot rename \(partial.path): errno \(errno)") }
            return .success(url)
        } catch let error as HarnessError {
            unlink(partial.path)
            return .failure(error)
        } catch {
            unlink(partial.path)
            return .failure(HarnessError("\(error)"))
        }
    }()

    /// The clip's size in bytes.
    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? -1
    }
}

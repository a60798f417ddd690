import VideoToyCore

/// A file server that records what it serves, at a made-up URL.
@MainActor
public final class FakeCastServer: CastFileServing {
    /// The file served now, if any.
    public private(set) var serving: String?
    /// Whether serving fails (nothing can listen).
    public var fails = false

    /// A server serving nothing.
    public init() {}

    /// Records the file and returns a made-up URL, or nil when it `fails`.
    public func serve(path: String, mimeType: String, to udn: String) -> String? {
        guard !fails else { return nil }
        serving = path
        convertedFrom = nil
        burntSubtitles = nil
        return "http://169.254.77.1:4000/cast/token/video.mp4"
    }

    /// Where the converted stream served now begins, if it is converted.
    public private(set) var convertedFrom: Int?

    /// The subtitles burnt into the converted stream served now, if any.
    public private(set) var burntSubtitles: String?

    /// Records the file, where the conversion starts and its subtitles, and returns a made-up URL, or nil when it
    /// `fails`.
    public func serveConverted(path: String, fromMs: Int, mimeType: String, subtitles: String?, to udn: String) -> String? {
        guard !fails else { return nil }
        serving = path
        convertedFrom = fromMs
        burntSubtitles = subtitles
        return "http://169.254.77.1:4000/cast/token/video.ts"
    }

    /// The subtitles served beside the file, if any.
    public private(set) var subtitles: String?

    /// Records the subtitles and returns a made-up URL beside the file's, or nil when no file is served.
    public func serveSubtitles(_ text: String) -> String? {
        guard serving != nil, convertedFrom == nil else { return nil }
        subtitles = text
        return "http://169.254.77.1:4000/cast/token/subtitles.srt"
    }

    /// Forgets what was served.
    public func stopServing() {
        serving = nil
        convertedFrom = nil
        subtitles = nil
        burntSubtitles = nil
    }
}

/// Why a video stopped playing, as values: the adapters word it in the user's language.
public enum PlaybackError: Hashable, Sendable {
    /// The file could not be read, for a reason the probe also gives (it is gone, it may not be read).
    case unreadable(ProbeFailure)
    /// The file could not be opened; `reason` is the system's own text for the error (errno's, already translated).
    case cannotOpen(reason: String)
    /// The file became shorter while it played: `nowBytes` now, `openedBytes` when it was opened.
    case cutShort(nowBytes: Int64, openedBytes: Int64)
    /// The video ended before its first picture: the file holds no pictures (it may be only a header).
    case noPictures
    /// No GStreamer pipeline could be built for the file.
    case noPipeline
    /// GStreamer's own message, which GStreamer translates itself.
    case library(String)
    /// GStreamer reported an error without saying what it was.
    case unexplained
}

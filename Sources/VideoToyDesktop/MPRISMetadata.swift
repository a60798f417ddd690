import VideoToyCore

/// What MPRIS clients show about the current video.
public struct MPRISMetadata: Equatable, Sendable {

    /// A number unique to this video for the app's lifetime (it becomes the `mpris:trackid` object path).
    public var trackNumber: Int
    /// The file's absolute path (sent as a `file://` URI).
    public var path: String
    /// The title shown by clients.
    public var title: String
    /// The duration in milliseconds, when known.
    public var durationMs: Int?
    /// An image file that stands for the video (a poster), when there is one.
    public var artPath: String?
    /// The row's metadata line ("0:02 · 320×240 · H.264 · 2 audio (en, fr) · subtitles en, fr"), sent as
    /// `xesam:comment`, when the file has been probed.
    public var comment: String?
    /// What covers the presentation screen (`videotoy:cover`: none, black or white).
    public var cover = Cover.none
    /// Whether the presentation screen holds its picture (`videotoy:frozen`).
    public var frozen = false
    /// The entry playing in a running show, 0-based (`videotoy:show-position`); nil while no show runs or before its
    /// first video.
    public var showPosition: Int?
    /// The number of entries of a running show (`videotoy:show-length`); nil while no show runs.
    public var showLength: Int?

    /// Creates a description of one video.
    public init(
        trackNumber: Int, path: String, title: String, durationMs: Int? = nil, artPath: String? = nil, comment: String? = nil
    ) {
        self.trackNumber = trackNumber
        self.path = path
        self.title = title
        self.durationMs = durationMs
        self.artPath = artPath
        self.comment = comment
    }

    /// `mpris:length` in microseconds, when the duration is known and plausible (at most 100 years).
    public var lengthMicroseconds: Int64? { MediaTime.durationMs(durationMs).map { MediaTime.microseconds(ms: $0) } }

    /// The `mpris:trackid` of this video.
    public var trackID: String { MPRISMetadata.trackPrefix + String(trackNumber) }

    /// Where track ids live; the MPRIS spec reserves /org/mpris for itself.
    static let trackPrefix = "/org/videotoy/VideoToy/track/"
    /// The id the spec defines for "no track".
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
}

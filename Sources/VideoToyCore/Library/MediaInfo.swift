/// What probing learned about a playable file.
public struct MediaInfo: Hashable, Sendable {
    /// Duration in milliseconds, when the container knows it.
    public var durationMs: Int?
    /// The video stream's stored size in pixels, when there is a video stream.
    public var videoSize: PixelSize?
    /// A readable video codec name, such as "H.264".
    public var videoCodec: String?
    /// A readable audio codec name, such as "AAC", when there is an audio stream.
    public var audioCodec: String?
    /// Clockwise rotation in degrees from the file's orientation tag (0, 90, 180 or 270).
    public var rotation: Int
    /// Codecs present in the file that no installed decoder handles.
    public var missingDecoders: [String]
    /// How the file is damaged when it still plays in part, such as "cut short at 62 % of its media data".
    public var damage: String?
    /// The file's size in bytes and last modification (seconds since 1970) when probed, for sorting.
    public var file: FileFacts?
    /// Bits per colour sample of the video (8, 10, 12), when the stream says.
    public var bitDepth: Int?
    /// The HDR transfer function, or nil for standard dynamic range (or unknown).
    public var transfer: VideoTransfer?
    /// True when the video is stored as interlaced fields (1080i), which playback must deinterlace.
    public var interlaced: Bool
    /// The kind of file the streams are wrapped in, when the probe could tell.
    public var container: MediaContainer?
    /// The language of each audio stream, in stream order (nil where the file does not say).
    public var audioLanguages: [Language?]
    /// The language of each embedded subtitle stream, in stream order (nil where the file does not say).
    public var subtitleLanguages: [Language?]
    /// Picture subtitle formats in the file ("DVD subtitles", "PGS subtitles"), each once: the app draws text only.
    public var unshownSubtitles: [String]

    /// Creates a media description.
    public init(
        durationMs: Int? = nil, videoSize: PixelSize? = nil, videoCodec: String? = nil,
        audioCodec: String? = nil, rotation: Int = 0, missingDecoders: [String] = [], damage: String? = nil,
        bitDepth: Int? = nil, transfer: VideoTransfer? = nil, interlaced: Bool = false, container: MediaContainer? = nil,
        audioLanguages: [Language?] = [], subtitleLanguages: [Language?] = [], unshownSubtitles: [String] = []
    ) {
        self.durationMs = durationMs
        self.videoSize = videoSize
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.rotation = rotation
        self.missingDecoders = missingDecoders
        self.damage = damage
        self.bitDepth = bitDepth
        self.transfer = transfer
        self.interlaced = interlaced
        self.container = container
        self.audioLanguages = audioLanguages
        self.unshownSubtitles = unshownSubtitles
        self.subtitleLanguages = subtitleLanguages
    }

    /// True when the file has a video stream.
    public var hasVideo: Bool { videoSize != nil }

    /// The size as displayed: width and height swap for a quarter-turn rotation.
    public var displaySize: PixelSize? {
        guard let size = videoSize else { return nil }
        return rotation % 180 == 90 ? PixelSize(width: size.height, height: size.width) : size
    }
}

/// A width and height in pixels.
public struct PixelSize: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

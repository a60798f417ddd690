import VideoToyCore

/// One real-world encoding of the format catalogue: how ffmpeg makes a tiny clip of it, and the facts a prober
/// must find in that clip.
public struct CatalogueFormat: Sendable, CustomStringConvertible {
    /// A short name for test reports and file names, such as "hevc-hdr10".
    public let name: String
    /// The file name extension, as the devices that make such files use.
    public let fileExtension: String
    /// ffmpeg's input and encoding arguments, without the output file.
    public let arguments: [String]
    /// The clip's length in milliseconds.
    public let durationMs: Int
    /// The stored picture size.
    public let size: PixelSize
    /// Pictures encoded (frames, not fields, for interlaced video).
    public let frames: Int
    /// The video codec's name as people know it.
    public let videoCodec: String
    /// The audio codec's name, nil for a clip without sound.
    public let audioCodec: String?
    /// Bits per colour sample.
    public let bitDepth: Int
    /// The HDR transfer, nil for standard dynamic range.
    public let transfer: VideoTransfer?
    /// Whether the pictures are interlaced fields.
    public let interlaced: Bool
    /// The container kind the prober must report.
    public let container: MediaContainer
    /// The GStreamer decoders that play it, and the Debian package that has them.
    public let decoders: [String]
    /// The Debian package with `decoders`.
    public let package: String

    /// The format's name.
    public var description: String { name }

    /// The clip's file name.
    public var fileName: String { "\(name).\(fileExtension)" }

    /// Creates a format; sizes, depths and flags default to the catalogue's usual small progressive 8-bit clip.
    public init(
        name: String, fileExtension: String, arguments: [String], durationMs: Int = 2000, size: PixelSize = .init(width: 320, height: 240),
        frames: Int = 50, videoCodec: String, audioCodec: String?, bitDepth: Int = 8, transfer: VideoTransfer? = nil,
        interlaced: Bool = false, container: MediaContainer = .common, decoders: [String], package: String
    ) {
        self.name = name
        self.fileExtension = fileExtension
        self.arguments = arguments
        self.durationMs = durationMs
        self.size = size
        self.frames = frames
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.bitDepth = bitDepth
        self.transfer = transfer
        self.interlaced = interlaced
        self.container = container
        self.decoders = decoders
        self.package = package
    }
}

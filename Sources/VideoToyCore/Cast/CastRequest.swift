/// What a cast needs to start: the video, where it goes, and where it was on the laptop.
public struct CastRequest: Hashable, Sendable {
    /// The item being cast.
    public let item: ItemID
    /// The network screen it goes to.
    public let screen: ScreenID
    /// The renderer's UDN (the screen's connector without `upnp:`).
    public let udn: String
    /// The file to serve.
    public let path: String
    /// The MIME type it is served as.
    public let mimeType: String
    /// The title the renderer shows.
    public let title: String
    /// The length, when the file says.
    public let durationMs: Int?
    /// The picture's size, when the file says.
    public let size: PixelSize?
    /// The subtitles shown with the video, as SubRip, which go to the TV as a file of their own.
    public let subtitles: String?
    /// Where the video was when it left the laptop; the renderer seeks there once it plays.
    public let positionMs: Int
    /// Whether it was paused: the renderer is paused too once it is at the position.
    public let paused: Bool

    /// The DIDL-Lite description sent with the URL it is served at.
    public func metadata(url: String, mimeType: String? = nil, converted: Bool = false, subtitlesURL: String? = nil) -> String {
        DIDLLite.videoItem(
            title: title, url: url, mimeType: mimeType ?? self.mimeType, durationMilliseconds: durationMs, width: size?.width,
            height: size?.height, converted: converted, subtitlesURL: subtitlesURL)
    }

    /// Creates a request.
    public init(
        item: ItemID, screen: ScreenID, udn: String, path: String, mimeType: String, title: String,
        durationMs: Int? = nil, size: PixelSize? = nil, subtitles: String? = nil, positionMs: Int,
        paused: Bool
    ) {
        self.item = item
        self.screen = screen
        self.udn = udn
        self.path = path
        self.mimeType = mimeType
        self.title = title
        self.durationMs = durationMs
        self.size = size
        self.subtitles = subtitles
        self.positionMs = max(0, positionMs)
        self.paused = paused
    }
}

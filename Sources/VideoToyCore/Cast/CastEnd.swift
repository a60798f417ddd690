/// How a cast ended: where the video was, and why it is coming back.
public struct CastEnd: Hashable, Sendable {
    /// The item that was cast.
    public let item: ItemID
    /// The network screen it was on.
    public let screen: ScreenID
    /// The renderer's last known position: the video resumes there on the laptop.
    public let positionMs: Int
    /// Whether it was playing (rather than paused) when the cast ended.
    public let wasPlaying: Bool
    /// Why it ended.
    public let reason: CastEndReason

    /// Creates a record of an ended cast.
    public init(item: ItemID, screen: ScreenID, positionMs: Int, wasPlaying: Bool, reason: CastEndReason) {
        self.item = item
        self.screen = screen
        self.positionMs = positionMs
        self.wasPlaying = wasPlaying
        self.reason = reason
    }
}

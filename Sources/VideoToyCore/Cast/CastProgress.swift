/// Where a cast stands, as the presenter panel shows it.
public struct CastProgress: Hashable, Sendable {
    /// The item being cast, or nil once it ended.
    public let item: ItemID?
    /// The renderer's position.
    public let positionMs: Int
    /// The length the renderer reports, once it does.
    public let durationMs: Int?
    /// Whether the renderer plays (not loading, not paused).
    public let playing: Bool
    /// Whether the video is converted for the renderer (to H.264 and AAC), which does not take it as it is.
    public let converted: Bool

    /// Creates a progress record.
    public init(item: ItemID?, positionMs: Int, durationMs: Int?, playing: Bool, converted: Bool = false) {
        self.item = item
        self.positionMs = positionMs
        self.durationMs = durationMs
        self.playing = playing
        self.converted = converted
    }
}

/// What a video's controls show: where it is, how long it is, whether it plays, and its sound.
public struct PlaybackProgress: Hashable, Sendable {
    /// The position in milliseconds.
    public var positionMs: Int
    /// The duration in milliseconds, once known.
    public var durationMs: Int?
    /// Whether it plays.
    public var playing: Bool
    /// Whether its sound is muted.
    public var muted: Bool
    /// Its volume, 0 to 1.
    public var volume: Double

    /// Creates a progress report.
    public init(positionMs: Int, durationMs: Int?, playing: Bool, muted: Bool = false, volume: Double = 1) {
        (self.positionMs, self.durationMs, self.playing, self.muted, self.volume) = (positionMs, durationMs, playing, muted, volume)
    }
}

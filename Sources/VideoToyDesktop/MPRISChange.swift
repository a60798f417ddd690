/// Which groups of MPRIS properties may have changed, passed to `MPRISServer.invalidate(_:)`.
public struct MPRISChange: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `PlaybackStatus`.
    public static let playbackStatus = MPRISChange(rawValue: 1 << 0)
    /// `Metadata` (a different video, or its duration or poster became known).
    public static let metadata = MPRISChange(rawValue: 1 << 1)
    /// `Volume`.
    public static let volume = MPRISChange(rawValue: 1 << 2)
    /// `CanPlay`, `CanPause`, `CanSeek`, `CanGoNext`, `CanGoPrevious`.
    public static let capabilities = MPRISChange(rawValue: 1 << 3)
    /// `LoopStatus` and `Shuffle`.
    public static let playOrder = MPRISChange(rawValue: 1 << 4)
    /// The root interface's `Fullscreen`.
    public static let fullscreen = MPRISChange(rawValue: 1 << 5)
    /// Everything that can change.
    public static let all: MPRISChange = [.playbackStatus, .metadata, .volume, .capabilities, .playOrder, .fullscreen]
}

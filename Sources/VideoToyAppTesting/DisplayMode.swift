/// One mode (resolution at one refresh rate) an output offers.
public struct DisplayMode: Sendable, Equatable {
    /// The RandR mode name, e.g. `1920x1080_60` for modes the script added.
    public let name: String
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Refresh rate in Hz as xrandr prints it (59.96 for a CVT "60 Hz" 1080p mode).
    public let refresh: Double
    /// The output is showing this mode now.
    public let isCurrent: Bool
    /// The driver marks this mode as preferred.
    public let isPreferred: Bool
}

/// One mode a wlroots compositor's head offers (`zwlr_output_mode_v1`): its size and refresh, and whether the
/// head prefers it.
public struct HeadMode: Hashable, Sendable {
    /// The size and refresh rate; a refresh of 0 means the mode has no fixed rate.
    public var mode: ScreenMode
    /// True when the compositor advertises the mode as preferred.
    public var isPreferred: Bool

    /// Creates a mode.
    public init(_ mode: ScreenMode, preferred: Bool = false) {
        self.mode = mode
        self.isPreferred = preferred
    }
}

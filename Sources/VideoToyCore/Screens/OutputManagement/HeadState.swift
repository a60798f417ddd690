/// What a wlroots compositor says one head is doing: what `OutputModeChanges` decides by.
public enum HeadState: Hashable, Sendable {
    /// Enabled, running this mode.
    case running(ScreenMode)
    /// The compositor reports the head but not its state (sway 1.7 reports its headless outputs as disabled with
    /// one empty mode); nothing can be told about its mode.
    case unreported
    /// Switched off.
    case off
    /// No such head.
    case gone
}

/// Reads and sets display modes through the session's own API (RandR on X11; GNOME's DisplayConfig or wlroots'
/// output management on Wayland), never on the main loop: answers come back on the main actor, or are waited for
/// where a caller must block.
public protocol DisplayModeSetter: AnyObject, Sendable {
    /// The API's name for the capability report, such as `RandR`.
    var apiName: String { get }
    /// Whether `readModes` tells which outputs are driven: a connector it lists without a current mode, or does not
    /// list, shows nothing, whatever GDK still reports.
    var reportsDrivenOutputs: Bool { get }
    /// Reads every connector's modes and hands them to `done` on the main actor.
    func readModes(then done: @escaping @MainActor @Sendable ([String: OutputModes]) -> Void)
    /// Reads every connector's modes, waiting for the answer; for start-up and the command line only.
    func readModesNow() -> [String: OutputModes]
    /// Switches `connector` to `mode` (or back, when `restoring`); `done` receives why not, or nil on success.
    func setMode(
        _ mode: ScreenMode, connector: String, restoring: Bool, then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void)
    /// Switches `connector` to `mode` and waits; for restoring modes when the app quits. Returns why not, or nil.
    func setModeNow(_ mode: ScreenMode, connector: String, restoring: Bool) -> ModeSettingUnavailable?
}

/// The modes one connector offers and the one in use.
public struct OutputModes: Sendable, Equatable {
    /// Every mode the output offers.
    public var modes: [ScreenMode]
    /// The mode in use, if the output is active.
    public var current: ScreenMode?

    /// Creates a record.
    public init(modes: [ScreenMode], current: ScreenMode?) {
        self.modes = modes
        self.current = current
    }
}

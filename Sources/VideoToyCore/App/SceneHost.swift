/// What the router's effects need from the windowing side: external scenes and display modes.
@MainActor
public protocol SceneHost: AnyObject {
    /// Opens the external scene, an undecorated fullscreen window of its own, on `screen`.
    func openScene(on screen: ScreenID, role: SceneRole)
    /// Changes what the scene on `screen` shows (idle text or a video view, which arrives by a move).
    func setSceneRole(_ role: SceneRole, on screen: ScreenID)
    /// Destroys the scene on `screen`, which may already have vanished.
    func closeScene(on screen: ScreenID)
    /// Switches `screen` to `mode`, or back to it when `restoring`, without blocking; `done` receives why not, or nil.
    func setMode(
        _ mode: ScreenMode, on screen: ScreenID, restoring: Bool,
        then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void)
    /// Switches `screen` to `mode` (or back) and waits for it (when quitting); returns why not, or nil on success.
    func setModeNow(_ mode: ScreenMode, on screen: ScreenID, restoring: Bool) -> ModeSettingUnavailable?
}

/// An instruction from the router to the adapter, applied in the order given.
///
/// Every effect is idempotent: applying it when the world already matches changes nothing.
public enum RouterEffect: Hashable, Sendable, CustomStringConvertible {
    /// Create the external scene (an undecorated fullscreen window) on the screen, showing the role.
    case openScene(ScreenID, SceneRole)
    /// Change what an open scene shows.
    case setSceneRole(ScreenID, SceneRole)
    /// Destroy the scene on the screen; its video view has already been moved out. The screen may have vanished.
    case closeScene(ScreenID)
    /// Put the item's only view at the route without restarting playback, then report `viewMoved`. A move into a
    /// scene that is not mapped yet may wait; a later move of the same item supersedes it, and if that scene closes
    /// first it is dropped.
    case moveView(ItemID, to: Route)
    /// Pause the item, keeping its position.
    case pause(ItemID)
    /// Switch the screen to the mode; the router has recorded the previous one.
    case setMode(ScreenID, ScreenMode)
    /// Switch the screen back to the mode it had before the router changed it.
    case restoreMode(ScreenID, ScreenMode)
    /// Start (or restart) a one-shot timer that reports `graceTimerFired` after the delay.
    case startGraceTimer(ScreenID, milliseconds: Int)
    /// Cancel the screen's grace timer; it must not fire.
    case cancelGraceTimer(ScreenID)
    /// Persist the user's screen choice for the next launch.
    case rememberPreferredScreen(ScreenID)
    /// Persist that the user chose this network screen (by connector), and whether videos follow it by themselves.
    case rememberNetworkScreen(connector: String, follows: Bool)

    /// A short form for logs and test failures.
    public var description: String {
        switch self {
        case .openScene(let id, let role): "openScene(\(id), \(role))"
        case .setSceneRole(let id, let role): "setSceneRole(\(id), \(role))"
        case .closeScene(let id): "closeScene(\(id))"
        case .moveView(let item, let route): "moveView(\(item), \(route))"
        case .pause(let item): "pause(\(item))"
        case .setMode(let id, let mode): "setMode(\(id), \(mode))"
        case .restoreMode(let id, let mode): "restoreMode(\(id), \(mode))"
        case .startGraceTimer(let id, let ms): "startGraceTimer(\(id), \(ms) ms)"
        case .cancelGraceTimer(let id): "cancelGraceTimer(\(id))"
        case .rememberPreferredScreen(let id): "rememberPreferredScreen(\(id))"
        case .rememberNetworkScreen(let connector, let follows): "rememberNetworkScreen(\(connector), follows: \(follows))"
        }
    }
}

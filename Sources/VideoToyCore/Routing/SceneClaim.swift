/// The router's hold on an external screen: none, a scene open there, or a vanished screen kept during grace.
enum SceneClaim: Hashable, Sendable {
    /// No external scene.
    case none
    /// A scene is open on the screen showing the role; `restore` is the mode to put back, when the router changed it.
    case open(ScreenID, SceneRole, restore: ScreenMode?)
    /// The scene's screen vanished and its grace timer runs; no other screen gets the scene meanwhile.
    case held(ScreenID, restore: ScreenMode?)
}

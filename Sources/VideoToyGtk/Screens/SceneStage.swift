import CGtk
import VideoToyCore
import VideoToyGObject

/// The router's scene effects, carried out by the scene manager: the external windows and the screens' modes.
@MainActor
final class SceneStage: SceneHost {
    private let scenes: SceneManager
    // Kept for as long as scenes may open: its monitors are where they go, and nothing else holds it.
    private let screens: ScreenWatch
    /// The main window, which takes the keyboard back once a scene is mapped.
    private let window: Widget
    /// Handles a key pressed in a scene (key, modifiers), as in the main window.
    var onKey: (@MainActor (UInt32, UInt32) -> Bool)?

    /// Creates the stage for `window`, placing scenes on the monitors of `screens` and setting modes through it.
    init(application: UnsafeMutablePointer<GtkApplication>, screens: ScreenWatch, window: Widget) {
        self.window = window
        self.screens = screens
        scenes = SceneManager(
            application: application, monitors: screens.monitors, modes: screens.modeSupport)
    }

    /// Puts a video view into the scene on `connector`; false if there is no such scene.
    func show(_ view: Widget, onConnector connector: String) -> Bool {
        scenes.show(view, onConnector: connector)
    }

    func openScene(on screen: ScreenID, role: SceneRole) {
        scenes.open(
            on: screen,
            onMapped: { [unowned self] in
                // The projector's window must not keep the keyboard once it is mapped: the user works on the laptop.
                gtk_window_present(gcast(window))
                // The projector is not where the user types: keys there act as in the main window.
            }, onKey: { [unowned self] keyval, modifiers in onKey?(keyval, modifiers) ?? false })
        setSceneRole(role, on: screen)
    }

    func setSceneRole(_ role: SceneRole, on screen: ScreenID) {
        if role == .idle { scenes.showIdle(on: screen) }
    }

    func closeScene(on screen: ScreenID) {
        scenes.close(on: screen)
    }

    func setMode(
        _ mode: ScreenMode, on screen: ScreenID, restoring: Bool,
        then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void
    ) {
        scenes.setMode(mode, on: screen, restoring: restoring, then: done)
    }

    func setModeNow(_ mode: ScreenMode, on screen: ScreenID, restoring: Bool) -> ModeSettingUnavailable? {
        scenes.setModeNow(mode, on: screen, restoring: restoring)
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject

/// The router's scene effects, carried out by the scene manager.
extension LibraryWindow: SceneHost {
    public func openScene(on screen: ScreenID, role: SceneRole) {
        scenes.open(
            on: screen,
            onMapped: { [unowned self] in
                // The projector's window must not keep the keyboard once it is mapped: the user works on the laptop.
                gtk_window_present(gcast(window))
                // The projector is not where the user types: keys there act as in the main window.
            }, onKey: { [unowned self] keyval, modifiers in handleKey(keyval, modifiers: modifiers) })
        setSceneRole(role, on: screen)
    }

    public func setSceneRole(_ role: SceneRole, on screen: ScreenID) {
        if role == .idle { scenes.showIdle(on: screen) }
    }

    public func closeScene(on screen: ScreenID) {
        scenes.close(on: screen)
    }

    public func setMode(
        _ mode: ScreenMode, on screen: ScreenID, restoring: Bool, then done: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        scenes.setMode(mode, on: screen, restoring: restoring, then: done)
    }

    public func setModeNow(_ mode: ScreenMode, on screen: ScreenID, restoring: Bool) -> String? {
        scenes.setModeNow(mode, on: screen, restoring: restoring)
    }
}

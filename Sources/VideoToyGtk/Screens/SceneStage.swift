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
    /// While the screens are swapped: the scene's screen, where the main window was (on X11) and whether it was
    /// maximized, to put both back.
    private var swap: (screen: ScreenID, origin: (x: Int32, y: Int32)?, wasMaximized: Bool)?
    /// Waits for the compositor to have the main window home before it leaves fullscreen (Wayland).
    private var homing: SourceToken?

    /// Creates the stage for `window`, placing scenes on the monitors of `screens` and setting modes through it.
    init(application: UnsafeMutablePointer<GtkApplication>, screens: ScreenWatch, window: Widget) {
        self.window = window
        self.screens = screens
        scenes = SceneManager(
            application: application, monitors: screens.monitors, modes: screens.modeSupport)
    }

    /// Puts a video view, showing its pictures in `picture`, into the scene on `connector`; false if there is no
    /// such scene.
    func show(_ view: Widget, picture: Widget, onConnector connector: String) -> Bool {
        scenes.show(view, picture: picture, onConnector: connector)
    }

    /// Whether a monitor shows the scene, so the screens can be swapped.
    var showsScene: Bool { scenes.openScreen != nil }

    /// Renders the presentation screen's look on the scenes, and swaps the screens or puts them back.
    func render(_ snapshot: AppSnapshot) {
        scenes.render(snapshot.presenter.look)
        if snapshot.presenter.swapped { swapScreens() } else { unswapScreens() }
    }

    /// Puts the scene on the main window's monitor and the main window, fullscreen, on the scene's.
    private func swapScreens() {
        guard swap == nil, let screen = scenes.openScreen, let external = scenes.monitor(of: screen),
            let main = screens.mainMonitor(), let surface = gtk_native_get_surface(OpaquePointer(window))
        else { return }
        var x: Int32 = 0, y: Int32 = 0
        let origin = vt_x11_surface_origin(surface, &x, &y) != 0 ? (x, y) : nil
        homing?.cancel()
        homing = nil
        swap = (screen, origin, gtk_window_is_maximized(gcast(window)) != 0)
        // The router must not take the main window's move for the user's: the scene would follow it back.
        screens.holdMainScreen(true)
        scenes.place(screen, on: main)
        gtk_window_fullscreen_on_monitor(gcast(window), external)
    }

    /// Puts the scene back on its screen and the main window back as it was.
    private func unswapScreens() {
        guard let current = swap else { return }
        swap = nil
        scenes.place(current.screen, on: nil)
        if current.origin == nil, screens.mainMonitor() != nil {
            comeHome(maximized: current.wasMaximized)
            return
        }
        restore(origin: current.origin, maximized: current.wasMaximized)
    }

    /// Brings the main window home where windows cannot be placed (Wayland). Mutter puts a window that leaves
    /// fullscreen back where it was when it went fullscreen, which is the external monitor; but a window going
    /// fullscreen on a monitor is moved there first. So: out of fullscreen, fullscreen at home, out again, each step
    /// once the compositor has done the one before (or after a while, should it never say so).
    private func comeHome(maximized: Bool) {
        gtk_window_unfullscreen(gcast(window))
        var step = 0
        var waited = 0
        homing?.cancel()
        homing = MainLoop.every(milliseconds: 50) { [unowned self] in
            waited += 50
            let fullscreen = gtk_window_is_fullscreen(gcast(window)) != 0
            switch step {
            case 0:
                guard !fullscreen || waited >= 1000 else { return true }
                guard let home = screens.mainMonitor() else { break }
                gtk_window_fullscreen_on_monitor(gcast(window), home)
                (step, waited) = (1, 0)
                return true
            default:
                guard (fullscreen && screens.mainWindowIsHome) || waited >= 2000 else { return true }
            }
            homing = nil
            restore(origin: nil, maximized: maximized)
            return false
        }
    }

    /// Takes the main window out of fullscreen, at `origin` (X11) and maximized as it was.
    private func restore(origin: (x: Int32, y: Int32)?, maximized: Bool) {
        gtk_window_unfullscreen(gcast(window))
        // On X11 GTK moves a window to the monitor before asking for fullscreen there, so the window manager would
        // put it back on the external monitor: it is moved home.
        if let origin, let surface = gtk_native_get_surface(OpaquePointer(window)) {
            vt_x11_surface_move(surface, origin.x, origin.y)
        }
        // Some window managers forget a maximized window's state across fullscreen.
        if maximized { gtk_window_maximize(gcast(window)) }
        gtk_window_present(gcast(window))
        screens.holdMainScreen(false)
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
        if swap?.screen == screen { unswapScreens() }
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

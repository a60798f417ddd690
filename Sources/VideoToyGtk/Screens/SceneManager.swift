import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The external scenes: one undecorated fullscreen window per screen, showing a video view or the idle screen.
///
/// Each scene's window is owned here until the core closes it; a window nobody holds shows nothing.
@MainActor
final class SceneManager {
    private struct Scene {
        let window: FullscreenWindow
        let idle: GObjectRef
    }

    private let application: UnsafeMutablePointer<GtkApplication>
    private let monitors: MonitorSource
    private let modes: Result<any DisplayModeSetter, ModeSettingUnavailable>
    private var scenes: [ScreenID: Scene] = [:]
    /// The presentation screen's look last rendered: a scene opening later starts with it.
    private var look = StageLook()

    /// Creates the manager, setting modes through `modes` or saying why they cannot be set.
    init(
        application: UnsafeMutablePointer<GtkApplication>, monitors: MonitorSource,
        modes: Result<any DisplayModeSetter, ModeSettingUnavailable>
    ) {
        self.application = application
        self.monitors = monitors
        self.modes = modes
    }

    /// Opens the scene on `screen` showing the idle screen until a view arrives.
    func open(
        on screen: ScreenID, onMapped: @escaping @MainActor () -> Void,
        onKey: @escaping @MainActor (UInt32, UInt32) -> Bool
    ) {
        guard scenes[screen] == nil else { return }
        let window = FullscreenWindow(
            application: application, monitor: monitors.monitor(connector: screen.connector),
            title: tr("VideoToy on %s", screen.connector), onLeave: {}, onMapped: onMapped,
            onKey: onKey)
        let idle = SceneManager.idleContent()
        window.show(idle.typed())
        window.render(look, animated: false)
        scenes[screen] = Scene(window: window, idle: idle)
    }

    /// Shows the idle screen on `screen`.
    func showIdle(on screen: ScreenID) {
        guard let scene = scenes[screen] else { return }
        scene.window.show(scene.idle.typed())
    }

    /// Puts a video view, showing its pictures in `picture`, into the scene on `connector`; false if there is no
    /// such scene.
    func show(_ view: Widget, picture: Widget, onConnector connector: String) -> Bool {
        guard let scene = scenes.first(where: { $0.key.connector == connector })?.value else { return false }
        scene.window.show(view, picture: picture)
        return true
    }

    /// Renders the presentation screen's look on every scene.
    func render(_ look: StageLook) {
        guard look != self.look else { return }
        self.look = look
        scenes.values.forEach { $0.window.render(look) }
    }

    /// The screen whose scene is open, if one is.
    var openScreen: ScreenID? { scenes.keys.first }

    /// Makes the scene on `screen` fullscreen on `monitor`, or back on its own screen's monitor with nil.
    func place(_ screen: ScreenID, on monitor: OpaquePointer?) {
        guard let scene = scenes[screen], let target = monitor ?? monitors.monitor(connector: screen.connector) else { return }
        gtk_window_fullscreen_on_monitor(scene.window.window.typed(), target)
    }

    /// The monitor of `screen`, if it is connected.
    func monitor(of screen: ScreenID) -> OpaquePointer? {
        monitors.monitor(connector: screen.connector)
    }

    /// Destroys the scene on `screen`.
    func close(on screen: ScreenID) {
        guard let scene = scenes.removeValue(forKey: screen) else { return }
        scene.window.close()
    }

    /// Switches a screen's mode (or back, when `restoring`) off the main loop; `done` gets why it could not, or nil.
    func setMode(
        _ mode: ScreenMode, on screen: ScreenID, restoring: Bool,
        then done: @escaping @MainActor @Sendable (ModeSettingUnavailable?) -> Void
    ) {
        switch modes {
        case .success(let modes): modes.setMode(mode, connector: screen.connector, restoring: restoring, then: done)
        case .failure(let reason): done(reason)
        }
    }

    /// Switches a screen's mode and waits for it; for restoring modes when the app quits.
    func setModeNow(_ mode: ScreenMode, on screen: ScreenID, restoring: Bool) -> ModeSettingUnavailable? {
        switch modes {
        case .success(let modes): modes.setModeNow(mode, connector: screen.connector, restoring: restoring)
        case .failure(let reason): reason
        }
    }

    private static func idleContent() -> GObjectRef {
        let box = Widgets.box(vertical: true, spacing: 16)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(box, 1)
        let title = Widgets.label("VideoToy", classes: ["videotoy-scene-title"], wrap: false)
        let hint = Widgets.label(tr("Choose a video on the main screen"), classes: ["videotoy-scene-hint"], wrap: false)
        gtk_label_set_xalign(gcast(title), 0.5)
        gtk_label_set_xalign(gcast(hint), 0.5)
        Widgets.append(box, title)
        Widgets.append(box, hint)
        return GObjectRef(retaining: box)
    }
}

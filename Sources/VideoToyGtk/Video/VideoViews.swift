import CGtk
import VideoToyCore
import VideoToyGObject

/// Every live video view, and where each is shown: in its row, fullscreen, or in a screen's scene.
@MainActor
final class VideoViews {
    private let application: UnsafeMutablePointer<GtkApplication>
    private let controller: AppController
    /// The main window: fullscreen goes to its monitor, and it takes the keyboard back afterwards.
    private let window: Widget
    private let stage: SceneStage
    private let debug: Bool
    private var views: [ItemID: VideoView] = [:]
    private var fullscreen: (id: ItemID, window: FullscreenWindow)?
    /// The control style of views made from now on.
    var controls: ControlStyle
    /// What the controller published last: new views start with its scaling and audio choices.
    private(set) var shown = AppSnapshot()
    /// Handles a key pressed in the fullscreen window (key, modifiers, true for "in a video window").
    var onKey: (@MainActor (UInt32, UInt32, Bool) -> Bool)?
    /// Hears every view's progress after the view shows it (the presenter panel's clock follows the stage's).
    var onProgress: (@MainActor (ItemID, PlaybackProgress) -> Void)?

    /// Creates an empty set of views for `window`; `stage` shows those placed on a screen.
    init(
        application: UnsafeMutablePointer<GtkApplication>, controller: AppController, window: Widget, stage: SceneStage,
        controls: ControlStyle, debug: Bool
    ) {
        self.application = application
        self.controller = controller
        self.window = window
        self.stage = stage
        self.controls = controls
        self.debug = debug
    }

    /// The view of `id`, if it has one.
    subscript(id: ItemID) -> VideoView? { views[id] }

    /// Whether the video of `id` is fullscreen on the main window's monitor, so the main window is under it.
    func coversMainWindow(_ id: ItemID) -> Bool { fullscreen?.id == id }

    /// Keeps the views' audio menus and the fullscreen window's look in line with what the controller published.
    func render(_ snapshot: AppSnapshot) {
        let before = shown
        shown = snapshot
        if snapshot.presenter.look != before.presenter.look { fullscreen?.window.render(snapshot.presenter.look) }
        if snapshot.audio != before.audio {
            views.values.forEach { $0.showAudio(current: snapshot.audio.choice, outputs: snapshot.audio.outputs) }
        }
    }

    /// Creates the view of `id`, titled `title`, and returns where its pictures go.
    func make(for id: ItemID, title: String) -> VideoOutput {
        if let view = views[id] { return view.surface }
        let view = VideoView(id: id, title: title, style: controls, debug: debug, scaling: shown.scaling) { [unowned self] intent in
            controller.intent(id, intent)
        }
        view.onResize = { [unowned self] width, height in controller.viewResized(id, width: width, height: height) }
        view.showAudio(current: shown.audio.choice, outputs: shown.audio.outputs)
        if let menu = controller.trackMenu(id) { view.showTracks(menu) }
        views[id] = view
        return view.surface
    }

    /// Destroys the view of `id`; `row` is the row last bound to it, which shows its poster again.
    func drop(_ id: ItemID, row: RowWidget?) {
        guard let view = views.removeValue(forKey: id) else { return }
        if fullscreen?.id == id { closeFullscreen() }
        row?.releaseVideo()
        view.tearDown()
    }

    /// Moves the view of `id` to `placement`; `row` is the row last bound to it.
    func place(_ id: ItemID, at placement: ViewPlacement, row: RowWidget?) {
        guard let view = views[id] else { return }
        let widget: Widget = view.root.typed()
        view.surface.notifyNextFrame { [unowned self] in controller.viewShowedFrame(id, at: placement) }
        switch placement {
        case .row:
            if fullscreen?.id == id { closeFullscreen() }
            view.setFullscreenIcon(false)
            row?.releasePanel()
            view.reclaimControls()
            if let row, row.id == id { row.embed(widget) } else { Widgets.unparent(widget) }
        case .fullscreen:
            if fullscreen != nil { closeFullscreen() }
            row?.releaseVideo()
            let monitor = gtk_native_get_surface(OpaquePointer(window)).flatMap {
                gdk_display_get_monitor_at_surface(gtk_widget_get_display(window), $0)
            }
            // The view will fill the monitor: its player decodes for that size from the first picture on, instead of
            // for a row's until the window is mapped, made fullscreen and laid out, which on busy cores can come after
            // the first picture and renegotiate the starting pipeline.
            if let monitor { reportSize(of: monitor, for: id) }
            let win = FullscreenWindow(
                application: application, monitor: monitor, title: "VideoToy",
                onLeave: { [unowned self] in
                    controller.intent(id, .leaveFullscreen)
                }, onKey: { [unowned self] keyval, modifiers in onKey?(keyval, modifiers, true) ?? false })
            win.show(widget, picture: view.picture)
            win.render(shown.presenter.look, animated: false)
            view.setFullscreenIcon(true)
            fullscreen = (id, win)
        case .screen(let connector):
            if fullscreen?.id == id { closeFullscreen() }
            row?.releaseVideo()
            let controls = view.lendControls()
            if let row, row.id == id { row.embedPanel(controls) } else { Widgets.unparent(controls) }
            if !stage.show(widget, picture: view.picture, onConnector: connector) { Widgets.unparent(widget) }
        }
    }

    /// Tells the controller that the view of `id` is as large as `monitor`, in device pixels.
    private func reportSize(of monitor: OpaquePointer, for id: ItemID) {
        var area = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &area)
        let scale = Int(gdk_monitor_get_scale_factor(monitor))
        controller.viewResized(id, width: Int(area.width) * scale, height: Int(area.height) * scale)
    }

    private func closeFullscreen() {
        guard let current = fullscreen else { return }
        fullscreen = nil
        if let view = views[current.id] { current.window.remove(view.root.typed()) }
        current.window.close()
        gtk_window_present(gcast(window))
    }

    /// Makes every view fill its area the way `mode` says.
    func applyScaling(_ mode: ScalingMode) {
        views.values.forEach { $0.setScaling(mode) }
    }

    /// Updates the time and seek bar of the view of `id`.
    func showProgress(for id: ItemID, _ progress: PlaybackProgress) {
        views[id]?.showProgress(progress)
        onProgress?(id, progress)
    }

    /// Shows `subtitle` over the video of `id`, or clears it.
    func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?) {
        // Labelled for the watchdog: a stall here is the text's (its layout comes later, in GTK's frame).
        MainLoopWatchdog.label("subtitle") { views[id]?.showSubtitle(subtitle) }
    }

    /// Fills the "Audio and subtitles" menu of the video of `id`.
    func showTracks(for id: ItemID, _ menu: TrackMenu) {
        MainLoopWatchdog.label("track menu") { views[id]?.showTracks(menu) }
    }

    /// The pictures the view of `id` drew and dropped since it was made.
    func frameCounts(for id: ItemID) -> FrameCounts? {
        views[id]?.surface.frameCounts
    }
}

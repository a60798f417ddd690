import CGtk
import VideoToyCore
import VideoToyGObject

/// An undecorated fullscreen window that holds a video view: fullscreen on the main screen, or an external scene.
///
/// Over its content lie the presentation screen's layers: a held picture (a freeze) and the veil.
@MainActor
final class FullscreenWindow {
    /// The window, owned here until `close` (without a strong reference nothing would show).
    let window: GObjectRef
    private let content: Widget
    private let held: Widget
    private let veil: StageVeil
    private var connections: [SignalConnection] = []
    /// The video picture of the content shown, watched so its last picture is kept when it leaves.
    private var shown: (child: Widget, picture: GObjectRef, leaving: SignalConnection)?
    /// The last picture of a video view that left, and when (monotonic microseconds): an ended video's hold.
    private var departed: (paintable: GObjectRef, atUs: Int)?
    private var frozen = false
    // Where the shown video's frames go past GTK (X11 with cairo), opened when its view first asks.
    private var direct: DirectPicture?
    private var directTried = false
    private struct Entry { weak var window: FullscreenWindow? }
    private static var open: [UnsafeMutableRawPointer: Entry] = [:]

    /// Opens a fullscreen window on `monitor` (or the current one); Escape and closing call `onLeave`.
    init(
        application: UnsafeMutablePointer<GtkApplication>?, monitor: OpaquePointer?, title: String,
        onLeave: @escaping @MainActor () -> Void, onMapped: (@MainActor () -> Void)? = nil,
        onKey: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool = { _, _ in false }
    ) {
        let win = gtk_window_new()!
        window = GObjectRef(retaining: win)
        if let application { gtk_window_set_application(gcast(win), application) }
        gtk_window_set_title(gcast(win), title)
        gtk_window_set_decorated(gcast(win), 0)
        gtk_widget_add_css_class(win, "videotoy-scene")
        content = Widgets.box(vertical: true)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(overlay), content)
        held = Widgets.picture()
        gtk_widget_add_css_class(held, "videotoy-freeze")
        gtk_widget_set_can_target(held, 0)
        Widgets.setVisible(held, false)
        gtk_overlay_add_overlay(gcast(overlay), held)
        veil = StageVeil(clockOwner: overlay)
        gtk_overlay_add_overlay(gcast(overlay), veil.widget)
        gtk_window_set_child(gcast(win), overlay)
        let keys = gtk_event_controller_key_new()!
        connections.append(
            Signal.keyPressed(graw(keys)) { keyval, modifiers in
                // Keys typed while this window has the focus still drive the app, as in the main window.
                guard keyval == UInt32(GDK_KEY_Escape) else { return onKey(keyval, modifiers) }
                onLeave()
                return true
            })
        gtk_widget_add_controller(win, keys)
        connections.append(
            Signal.connectBool(win, "close-request") {
                onLeave()
                return true
            })
        if let onMapped {
            connections.append(Signal.connect(win, "map") { MainLoop.after(milliseconds: 50) { onMapped() } })
        }
        if let monitor {
            gtk_window_fullscreen_on_monitor(gcast(win), monitor)
        } else {
            gtk_window_fullscreen(gcast(win))
        }
        gtk_window_present(gcast(win))
        Self.open[win] = Entry(window: self)
    }

    /// Where the frames of the video view `root` can go past GTK: the direct picture of the fullscreen window showing
    /// it, on X11 when GTK draws with cairo; nil elsewhere.
    static func directPicture(showing root: Widget) -> DirectPicture? {
        guard DirectPicture.enabled, let toplevel = gtk_widget_get_root(root) else { return nil }
        return open[UnsafeMutableRawPointer(toplevel)]?.window?.directPicture(showing: root)
    }

    private func directPicture(showing root: Widget) -> DirectPicture? {
        guard shown?.child == root else { return nil }
        if !directTried, let surface = gtk_native_get_surface(OpaquePointer(window.pointer)) {
            directTried = true
            let xid = vt_x11_surface_xid(surface)
            if xid != 0, let name = gdk_display_get_name(gdk_surface_get_display(surface)) {
                direct = DirectPicture.open(displayName: String(cString: name), parent: UInt(xid))
            }
        }
        // Asked four times a second while a video plays: a veil that faded out lets the frames past GTK again.
        direct?.setWindowClear(layersClear)
        return direct
    }

    /// Whether nothing of the window's own is drawn over its content: no veil, no held picture.
    private var layersClear: Bool { !frozen && veil.isClear }

    /// Shows `child` as the window's only content; `picture` is where it shows a video's pictures, if it does.
    func show(_ child: Widget, picture: Widget? = nil) {
        if shown?.child != child {
            direct?.request(nil)
            watch(child, picture: picture)
        }
        var existing = gtk_widget_get_first_child(content)
        while let widget = existing {
            existing = gtk_widget_get_next_sibling(widget)
            if widget != child { gtk_box_remove(gcast(content), widget) }
        }
        guard gtk_widget_get_parent(child) != content else { return }
        Widgets.unparent(child)
        Widgets.append(content, child)
    }

    /// Takes `child` out if it is shown here.
    func remove(_ child: Widget) {
        direct?.request(nil)
        if gtk_widget_get_parent(child) == content { gtk_box_remove(gcast(content), child) }
    }

    /// Renders the presentation screen's look: the veil, and the picture held while `frozen`; without
    /// `animated` the veil goes straight to where it ends (a window opening on a look already in force).
    func render(_ look: StageLook, animated: Bool = true) {
        veil.render(look.veil, animated: animated)
        // Before anything is drawn over the picture, the picture goes back to GTK, under it.
        defer { direct?.setWindowClear(layersClear) }
        guard look.frozen != frozen else { return }
        frozen = look.frozen
        if frozen {
            hold()
        } else {
            gtk_picture_set_paintable(gcast(held), nil)
            Widgets.setVisible(held, false)
        }
    }

    /// Shows, in front of whatever the content does from now on, the picture the video shows now; with no video
    /// shown, the last one of a video that just left (a video that ended makes way before its last frame is held).
    private func hold() {
        var paintable: GObjectRef?
        if let shown, gtk_widget_get_parent(shown.child) == content {
            paintable = Self.copy(gtk_picture_get_paintable(gcast(shown.picture.pointer)))
            gtk_picture_set_content_fit(gcast(held), gtk_picture_get_content_fit(gcast(shown.picture.pointer)))
        } else if let departed, g_get_monotonic_time() - departed.atUs < Self.departedLifetimeUs {
            paintable = departed.paintable
        }
        gtk_picture_set_paintable(gcast(held), paintable.map { OpaquePointer($0.pointer) })
        Widgets.setVisible(held, paintable != nil)
    }

    /// A copy of the picture `paintable` shows now: a video's frame is the player's buffer, which must go back to it.
    private static func copy(_ paintable: OpaquePointer?) -> GObjectRef? {
        guard let paintable, let current = FramePaintable.currentTexture(of: paintable) else { return nil }
        let texture = OpaquePointer(current.pointer)
        let width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture)
        let stride = Int(width) * 4
        // gdk_texture_download writes GDK_MEMORY_DEFAULT, which is this format.
        guard width > 0, height > 0, let pixels = g_malloc(gsize(stride * Int(height))) else { return nil }
        gdk_texture_download(texture, pixels.assumingMemoryBound(to: guchar.self), gsize(stride))
        let bytes = g_bytes_new_take(pixels, gsize(stride * Int(height)))
        defer { g_bytes_unref(bytes) }
        guard let made = gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride)) else { return nil }
        return GObjectRef(adopting: UnsafeMutableRawPointer(made))
    }

    /// How long the last picture of a video that left may still be held: long enough for the end of a video.
    private static let departedLifetimeUs: Int = 10_000_000

    private func watch(_ child: Widget, picture: Widget?) {
        if let previous = shown {
            keepPicture(of: previous.picture)
            previous.leaving.cancel()
        }
        shown = nil
        guard let picture else { return }
        let ref = GObjectRef(retaining: picture)
        // A view can leave without this window's doing (torn down, moved back to its row): its last picture is kept
        // as it goes.
        let leaving = Signal.notify(child, "parent") { [unowned self] in
            guard let current = shown, current.child == child, gtk_widget_get_parent(child) != content else { return }
            direct?.request(nil)
            keepPicture(of: current.picture)
            current.leaving.cancel()
            shown = nil
        }
        shown = (child, ref, leaving)
    }

    private func keepPicture(of picture: GObjectRef) {
        guard let paintable = Self.copy(gtk_picture_get_paintable(gcast(picture.pointer))) else { return }
        departed = (paintable, g_get_monotonic_time())
    }

    /// Destroys the window.
    func close() {
        Self.open[window.pointer] = nil
        direct?.close()
        direct = nil
        connections.forEach { $0.cancel() }
        connections.removeAll()
        shown?.leaving.cancel()
        shown = nil
        gtk_window_destroy(window.typed())
    }
}

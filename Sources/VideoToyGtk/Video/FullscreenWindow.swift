import CGtk
import VideoToyCore
import VideoToyGObject

/// An undecorated fullscreen window that holds a video view: fullscreen on the main screen, or an external scene.
@MainActor
final class FullscreenWindow {
    /// The window, owned here until `close` (without a strong reference nothing would show).
    let window: GObjectRef
    private let content: Widget
    private var connections: [SignalConnection] = []

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
        gtk_window_set_child(gcast(win), content)
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
    }

    /// Shows `child` as the window's only content.
    func show(_ child: Widget) {
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
        if gtk_widget_get_parent(child) == content { gtk_box_remove(gcast(content), child) }
    }

    /// Destroys the window.
    func close() {
        connections.forEach { $0.cancel() }
        connections.removeAll()
        gtk_window_destroy(window.typed())
    }
}

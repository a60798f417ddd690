import CGtk
import VideoToyCore
import VideoToyGObject

/// Watches GDK's monitor list and reports it as core `Screen`s whenever a monitor comes, goes or gets its geometry.
@MainActor
final class MonitorSource {
    private let display: OpaquePointer
    private let monitors: OpaquePointer
    private let modeSetter: (any DisplayModeSetter)?
    private let onChange: @MainActor ([VideoToyCore.Screen]) -> Void
    /// A monitor whose property changes are watched; the reference keeps its address from being reused while it is a key.
    private struct Watched {
        let monitor: GObjectRef
        let connections: [SignalConnection]
    }

    private var watched: [UnsafeMutableRawPointer: Watched] = [:]
    private var listConnection: SignalConnection?
    private var outputModes: [String: OutputModes] = [:]
    private var reading = false
    private var readAgain = false
    private var surfaceMonitors = SurfaceMonitors()
    private var surfaceConnections: [SignalConnection] = []

    /// Starts watching the default display; `onChange` receives the full list after every change.
    init(modes: (any DisplayModeSetter)?, onChange: @escaping @MainActor ([VideoToyCore.Screen]) -> Void) {
        display = gdk_display_get_default()
        monitors = gdk_display_get_monitors(display)
        self.modeSetter = modes
        self.onChange = onChange
        // Once, before the window is interactive, so the first screen list already has its modes.
        outputModes = modes?.readModesNow() ?? [:]
        listConnection = Signal.itemsChanged(graw(monitors)) { [unowned self] _, _, _ in
            watchMonitors()
            changed()
        }
        watchMonitors()
    }

    /// True when the session is X11 (RandR may work there).
    var isX11: Bool { vt_display_is_x11(display) != 0 }

    /// The current monitors as screens; monitors without geometry yet come out not ready.
    func screens() -> [VideoToyCore.Screen] {
        eachMonitor().map(screen(of:))
    }

    /// The GDK monitor with `connector`, for placing a window; never kept beyond the call.
    func monitor(connector: String) -> OpaquePointer? {
        eachMonitor().first { string(gdk_monitor_get_connector($0)) == connector }
    }

    /// Follows the monitors `window` enters and leaves, calling `onChange` after each; the window must be realized.
    /// On Wayland that is the only way to know its monitor: windows there have no global position.
    func follow(_ window: Widget, onChange: @escaping @MainActor () -> Void) {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        let pointer = UnsafeMutableRawPointer(surface)
        surfaceConnections = [
            Signal.connectObject(pointer, "enter-monitor") { [unowned self] monitor in
                surfaceMonitors.enter(string(gdk_monitor_get_connector(OpaquePointer(monitor))))
                onChange()
            },
            Signal.connectObject(pointer, "leave-monitor") { [unowned self] monitor in
                surfaceMonitors.leave(string(gdk_monitor_get_connector(OpaquePointer(monitor))))
                onChange()
            },
        ]
    }

    /// The connector of the monitor that shows `window`, if known: from the monitors its surface entered on Wayland,
    /// from its position on X11.
    func connector(showing window: Widget) -> String? {
        if !isX11 {
            surfaceMonitors.keep(only: Set(eachMonitor().map { string(gdk_monitor_get_connector($0)) }))
            if let entered = surfaceMonitors.current { return entered }
        }
        guard let surface = gtk_native_get_surface(OpaquePointer(window)),
            let monitor = gdk_display_get_monitor_at_surface(display, surface)
        else { return nil }
        let name = string(gdk_monitor_get_connector(monitor))
        return name.isEmpty ? nil : name
    }

    private func eachMonitor() -> [OpaquePointer] {
        let count = g_list_model_get_n_items(monitors)
        return (0..<count).compactMap { index in
            guard let item = g_list_model_get_item(monitors, index) else { return nil }
            // The list keeps its own reference; the item is valid while it is listed.
            g_object_unref(item)
            return OpaquePointer(item)
        }
    }

    private func watchMonitors() {
        let current = Set(eachMonitor().map(graw))
        for gone in watched.keys where !current.contains(gone) {
            // Still alive through our reference, so the handlers come off the very object they were put on.
            watched.removeValue(forKey: gone)?.connections.forEach { $0.cancel() }
        }
        for monitor in current where watched[monitor] == nil {
            // A new monitor is announced before its geometry and connector are known.
            let connections = ["geometry", "connector", "model", "refresh-rate"].map { property in
                Signal.notify(monitor, property) { [unowned self] in changed() }
            }
            watched[monitor] = Watched(monitor: GObjectRef(retaining: monitor), connections: connections)
        }
    }

    /// Reports the monitors once their modes are known; reads requested meanwhile fold into one.
    private func changed() {
        guard let modeSetter else { return onChange(screens()) }
        guard !reading else {
            readAgain = true
            return
        }
        reading = true
        modeSetter.readModes { [weak self] modes in
            guard let self else { return }
            reading = false
            outputModes = modes
            // A monitor that came during the read may be missing from it; a list without its modes would be wrong.
            if readAgain {
                readAgain = false
                changed()
            } else {
                onChange(screens())
            }
        }
    }

    private func screen(of monitor: OpaquePointer) -> VideoToyCore.Screen {
        var rect = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &rect)
        let connector = string(gdk_monitor_get_connector(monitor))
        let id = ScreenID(
            connector: connector, manufacturer: string(gdk_monitor_get_manufacturer(monitor)),
            model: string(gdk_monitor_get_model(monitor)))
        let known = outputModes[connector]
        let (modes, current) = (known?.modes ?? [], known?.current)
        return VideoToyCore.Screen(
            id: id, geometry: ScreenRect(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height)),
            refreshMilliHz: Int(gdk_monitor_get_refresh_rate(monitor)), modes: modes, currentMode: current)
    }

    private func string(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject

/// Watches GDK's monitor list and reports it as core `Screen`s whenever a monitor comes, goes or gets its geometry.
///
/// A notification can be lost (the X server re-probing, GDK folding changes), so the list is also checked against
/// the display server once a second after each change and while an external screen is listed: a missed removal
/// costs at most about a second before the video is home.
@MainActor
final class MonitorSource {
    private let display: OpaquePointer
    private let monitors: OpaquePointer
    private let modeSetter: (any DisplayModeSetter)?
    /// Receives the full list after every change, with what a check found that no notification had reported.
    var onChange: @MainActor ([VideoToyCore.Screen], ScreenCorrection?) -> Void
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
    private var reported: [VideoToyCore.Screen] = []
    private var check: SourceToken?
    /// For tests only: a monitor GDK removes stays listed, unannounced, as if the removal had been lost on the way;
    /// only the display server's own view can then tell it is gone.
    private let missRemovals = g_getenv("VIDEOTOY_TEST_MISS_MONITOR_REMOVALS").map { String(cString: $0) == "1" } ?? false
    private var ghosts: [GObjectRef] = []

    /// Starts watching the default display; `onChange` receives the full list after every change, with what a check
    /// found that no notification had reported (it may be given later, before the first change).
    init(
        modes: (any DisplayModeSetter)?,
        onChange: @escaping @MainActor ([VideoToyCore.Screen], ScreenCorrection?) -> Void = { _, _ in }
    ) {
        display = gdk_display_get_default()
        monitors = gdk_display_get_monitors(display)
        self.modeSetter = modes
        self.onChange = onChange
        // Once, before the window is interactive, so the first screen list already has its modes.
        outputModes = modes?.readModesNow() ?? [:]
        listConnection = Signal.itemsChanged(graw(monitors)) { [unowned self] _, removed, added in
            if missRemovals && removed > 0 {
                let listed = Set(liveMonitors().map(graw))
                ghosts += watched.filter { !listed.contains($0.key) }.map(\.value.monitor)
                watchMonitors()
                if added > 0 { changed() }
                return
            }
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

    /// Reports the current monitors now, as the display server confirms them, and starts the checks.
    func start() {
        report(screens(), outputs: outputModes, checking: false)
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
        let live = liveMonitors()
        guard !ghosts.isEmpty else { return live }
        let connectors = Set(live.map { string(gdk_monitor_get_connector($0)) })
        return live + ghosts.map { OpaquePointer($0.pointer) }.filter { !connectors.contains(string(gdk_monitor_get_connector($0))) }
    }

    private func liveMonitors() -> [OpaquePointer] {
        let count = g_list_model_get_n_items(monitors)
        return (0..<count).compactMap { index in
            guard let item = g_list_model_get_item(monitors, index) else { return nil }
            // The list keeps its own reference; the item is valid while it is listed.
            g_object_unref(item)
            return OpaquePointer(item)
        }
    }

    private func watchMonitors() {
        let current = Set(liveMonitors().map(graw))
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
        guard let modeSetter else { return report(screens(), outputs: nil, checking: false) }
        guard !reading else {
            readAgain = true
            return
        }
        read(modeSetter, checking: false)
    }

    /// Reads GDK's list and the display server's outputs again, and reports them if they differ from the last report.
    private func recheck() {
        guard !reading else { return }
        guard let modeSetter else { return report(screens(), outputs: nil, checking: true) }
        read(modeSetter, checking: true)
    }

    private func read(_ modeSetter: any DisplayModeSetter, checking: Bool) {
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
                report(screens(), outputs: modes, checking: checking)
            }
        }
    }

    /// Hands `listed` to `onChange` without the monitors the display server no longer drives; when `checking`, only if
    /// that differs from the last report, with what differs.
    private func report(_ listed: [VideoToyCore.Screen], outputs: [String: OutputModes]?, checking: Bool) {
        let confirmed =
            modeSetter?.reportsDrivenOutputs == true
            ? ScreenReconciliation(screens: listed, outputs: outputs ?? [:]) : ScreenReconciliation(screens: listed, outputs: [:])
        let correction: ScreenCorrection?
        if checking {
            guard confirmed.screens != reported else { return scheduleCheck(afterChange: false) }
            correction = ScreenCorrection(reported: reported, now: confirmed.screens)
        } else {
            correction = confirmed.dropped.isEmpty ? nil : ScreenCorrection(dropped: confirmed.dropped)
        }
        reported = confirmed.screens
        onChange(confirmed.screens, correction)
        scheduleCheck(afterChange: true)
    }

    /// Checks again in a second after a change, and every second while an external screen is listed.
    private func scheduleCheck(afterChange: Bool) {
        check?.cancel()
        check = nil
        guard afterChange || reported.count > 1 else { return }
        check = MainLoop.after(milliseconds: 1000) { [weak self] in self?.recheck() }
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

import CGtk
import VideoToyCore

/// What the windowing session offers, for the capability report: the backend, mode setting and monitors.
@MainActor
public enum SessionProbe {
    /// Connects to the display if needed; false when there is none.
    public static func connect() -> Bool {
        gdk_display_get_default() != nil || gtk_init_check() != 0
    }

    /// "x11", "wayland" or the display class name.
    public static func sessionName() -> String {
        guard let display = gdk_display_get_default() else { return "none" }
        let name = String(cString: vt_type_name(graw(display)))
        switch name {
        case "GdkX11Display": return "x11"
        case "GdkWaylandDisplay": return "wayland"
        default: return name
        }
    }

    /// RandR on an X11 session, or why modes cannot be set through it.
    public static func randr() -> Result<any DisplayModeSetter, ModeSettingUnavailable> {
        guard let display = gdk_display_get_default(), vt_display_is_x11(display) != 0 else {
            return .failure(.notX11)
        }
        guard let randr = RandRModes() else {
            return .failure(RandRModes.unavailableReason ?? .randrUnavailable)
        }
        return .success(randr)
    }

    /// Every monitor with its modes, read through `modes` when there is a way to read them.
    public static func screens(modes: (any DisplayModeSetter)?) -> [VideoToyCore.Screen] {
        MonitorSource(modes: modes) { _, _ in }.screens()
    }
}

private func graw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

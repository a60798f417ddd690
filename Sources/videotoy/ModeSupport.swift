import Foundation
import VideoToyCore
import VideoToyDesktop
import VideoToyGtk
import VideoToyWayland

/// How display modes are set in this session: RandR on X11; on Wayland, GNOME's DisplayConfig where the compositor
/// offers it, else wlr-output-management (Sway, Hyprland, river…); elsewhere the reason they are left alone.
@MainActor
enum ModeSupport {
    /// The mode API for `session` (or why there is none) and the compositor's name on Wayland.
    static func detect(session: String) -> (setter: Result<any DisplayModeSetter, ModeSettingUnavailable>, compositor: String?) {
        guard session == "wayland" else { return (SessionProbe.randr(), nil) }
        if let gnome = try? DisplayConfigModes() { return (.success(gnome), "GNOME (mutter)") }
        let desktop = ProcessInfo.processInfo.environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return (.success(try WlrOutputModes()), desktop ?? "a wlroots compositor")
        } catch {
            return (.failure(.noModeAPI), desktop ?? "unknown")
        }
    }
}

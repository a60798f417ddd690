import Foundation
import VideoToyCore
import VideoToyDesktop
import VideoToyGtk

/// How display modes are set in this session: RandR on X11, GNOME's DisplayConfig on a Wayland compositor that
/// offers it; elsewhere the reason they are left alone.
@MainActor
enum ModeSupport {
    /// The mode API for `session` (or why there is none) and the compositor's name on Wayland.
    static func detect(session: String) -> (setter: Result<any DisplayModeSetter, ModeSettingUnavailable>, compositor: String?) {
        guard session == "wayland" else { return (SessionProbe.randr(), nil) }
        do {
            return (.success(try DisplayConfigModes()), "GNOME (mutter)")
        } catch {
            let desktop = ProcessInfo.processInfo.environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 }
            let reason = "this Wayland compositor offers no mode API VideoToy knows (display modes are left as they are)"
            return (.failure(ModeSettingUnavailable(reason)), desktop ?? "unknown")
        }
    }
}

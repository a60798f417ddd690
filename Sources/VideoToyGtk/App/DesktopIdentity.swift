import CGtk
import Foundation
import VideoToyCore

/// Tells the desktop and the sound server who this process is, before any window or sound stream exists.
@MainActor
public enum DesktopIdentity {
    /// The sound server's client properties, as libpulse reads them from `PULSE_PROP_<key>` when a client connects:
    /// GStreamer's sound sink then labels the stream with them, wherever autoaudiosink puts it.
    static let soundProperties = [
        "application.icon_name": AppIdentity.iconName,
        "application.id": AppIdentity.id,
        "media.role": "video",
    ]

    /// Names the application (GLib, so also the sound stream's `application.name`), gives windows the app's icon,
    /// and labels the process's sound streams; call once, at start-up, before threads that read the environment.
    public static func apply() {
        g_set_application_name(AppIdentity.name)
        gtk_window_set_default_icon_name(AppIdentity.iconName)
        for (key, value) in soundProperties.sorted(by: { $0.key < $1.key }) {
            setenv("PULSE_PROP_" + key, value, 1)
        }
    }
}

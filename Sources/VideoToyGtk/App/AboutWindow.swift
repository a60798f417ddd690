import CGtk
import VideoToyGObject

/// The About window (AdwAboutWindow), from the main menu.
@MainActor
enum AboutWindow {
    /// Shows it over `parent`.
    static func present(over parent: Widget) {
        let about = adw_about_window_new()!
        adw_about_window_set_application_name(gcast(about), "VideoToy")
        adw_about_window_set_application_icon(gcast(about), "video-x-generic")
        adw_about_window_set_developer_name(gcast(about), "The VideoToy developers")
        adw_about_window_set_comments(
            gcast(about),
            "A video browser whose playing video follows the screens: "
                + "plug in a projector or TV and the video moves there, full screen at its best mode.")
        gtk_window_set_transient_for(gcast(about), gcast(parent))
        gtk_window_present(gcast(about))
    }
}

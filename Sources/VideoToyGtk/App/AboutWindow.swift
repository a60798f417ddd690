import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The About window (AdwAboutWindow), from the main menu.
@MainActor
enum AboutWindow {
    /// Shows it over `parent`.
    static func present(over parent: Widget) {
        let about = adw_about_window_new()!
        // The same facts app centres read from the metainfo: both come from AppIdentity.
        adw_about_window_set_application_name(gcast(about), AppIdentity.name)
        adw_about_window_set_application_icon(gcast(about), AppIdentity.iconName)
        adw_about_window_set_version(gcast(about), AppIdentity.version)
        adw_about_window_set_developer_name(gcast(about), AppIdentity.developer)
        adw_about_window_set_license_type(gcast(about), GTK_LICENSE_GPL_3_0)
        adw_about_window_set_website(gcast(about), AppIdentity.homepage)
        adw_about_window_set_issue_url(gcast(about), AppIdentity.issues)
        adw_about_window_set_release_notes_version(gcast(about), AppIdentity.version)
        adw_about_window_set_release_notes(gcast(about), AppIdentity.releaseNotes)
        // One literal, however long: xgettext does not join literals added with +.
        // swift-format-ignore
        let comments = tr("A video browser whose playing video follows the screens: plug in a projector or TV and the video moves there, full screen at its best mode.")
        adw_about_window_set_comments(gcast(about), comments)
        // TRANSLATORS: your name and address, one translator a line ("Jane Doe <jane@example.org>"); shown in About.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(gcast(about), credits) }
        gtk_window_set_transient_for(gcast(about), gcast(parent))
        gtk_window_present(gcast(about))
    }
}

import CGtk
import VideoToyGObject

/// The pages shown in place of the list when it has nothing to show (GNOME's empty-state pattern).
@MainActor
enum StatusPages {
    /// An AdwStatusPage with a symbolic icon, a title and an optional description.
    static func page(icon: String, title: String, description: String? = nil) -> Widget {
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(gcast(page), icon)
        adw_status_page_set_title(gcast(page), title)
        if let description { adw_status_page_set_description(gcast(page), description) }
        return page
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The pages under the header bar: the list, the empty library's status page, the search's "No Results", and the
/// notices shown over them.
@MainActor
final class LibraryPages {
    /// A page of the stack, by the name it has there.
    enum Page: String {
        /// The rows.
        case list
        /// The empty library, or why it is empty.
        case empty
        /// A search that matches nothing.
        case noResults = "no-results"
    }

    private let stack: Widget
    private let emptyPage: Widget
    private let toasts: Widget
    // The empty page says why (a scan's message) rather than the generic hint.
    private var showsMessage = false

    /// Takes the pages from `layout`.
    init(layout: MainLayout) {
        stack = layout.stack
        emptyPage = layout.emptyPage
        toasts = layout.toasts
    }

    /// Shows `page`.
    func show(_ page: Page) {
        gtk_stack_set_visible_child_name(gcast(stack), page.rawValue)
    }

    /// Says on the empty page how to add videos, unless it already says why there are none.
    func showEmptyHint() {
        guard !showsMessage else { return }
        adw_status_page_set_title(gcast(emptyPage), tr("No Videos Found"))
        adw_status_page_set_description(gcast(emptyPage), tr("Open a folder, or drop videos here."))
    }

    /// Shows a message in place of the list (for an empty library or a scan problem).
    func showMessage(_ text: String, title: String) {
        adw_status_page_set_title(gcast(emptyPage), title)
        // The description is markup, and a path may hold & or <.
        let escaped = g_markup_escape_text(text, -1)
        defer { g_free(escaped) }
        adw_status_page_set_description(gcast(emptyPage), escaped)
        showsMessage = true
        show(.empty)
    }

    /// Shows a short notice over the list for a few seconds ("Playing on LG TV").
    func showNotice(_ text: String) {
        guard let toast = LibraryPages.toast(text) else { return }
        adw_toast_overlay_add_toast(gcast(toasts), toast)
    }

    /// Shows a notice with an Undo button that runs the application action `action` with the string `target`.
    func showNotice(_ text: String, undo action: String, target: String) {
        guard let toast = LibraryPages.toast(text) else { return }
        adw_toast_set_button_label(toast, tr("_Undo"))
        adw_toast_set_action_name(toast, action)
        adw_toast_set_action_target_value(toast, g_variant_new_string(target))
        adw_toast_overlay_add_toast(gcast(toasts), toast)
    }

    /// A toast saying `text`; its title is markup, so a name with "&" or "<" is escaped first.
    private static func toast(_ text: String) -> OpaquePointer? {
        guard let escaped = g_markup_escape_text(text, -1) else { return nil }
        defer { g_free(escaped) }
        return adw_toast_new(escaped)
    }
}

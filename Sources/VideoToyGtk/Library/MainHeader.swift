import CGtk
import VideoToyCore
import VideoToyGObject

/// The main window's header bar and its search bar: title and row count, search, the main menu, the screen chooser.
@MainActor
final class MainHeader {
    private let searchBar: Widget
    private let entry: Widget
    private let title: Widget
    private var connections: [SignalConnection] = []
    /// Receives the search text as the user types (after GTK's short typing delay), and "" when the search ends.
    var onSearch: (@MainActor (String) -> Void)?

    /// Takes the bars from `layout`.
    init(layout: MainLayout) {
        searchBar = layout.searchBar
        entry = layout.searchEntry
        title = layout.title
        gtk_search_bar_connect_entry(gcast(searchBar), gcast(entry))

        connections.append(Signal.connect(entry, "search-changed") { [unowned self] in onSearch?(text) })
        connections.append(
            Signal.notify(searchBar, "search-mode-enabled") { [unowned self] in
                // A closed search bar shows every row again, as Escape does.
                if !isOpen && !text.isEmpty { Widgets.setEditableText(entry, "") }
            })
    }

    /// The text in the search entry.
    var text: String { String(cString: gtk_editable_get_text(gcast(entry))) }

    /// True while the search bar is shown.
    var isOpen: Bool { gtk_search_bar_get_search_mode(gcast(searchBar)) != 0 }

    /// True while the search entry has the keyboard.
    var isTyping: Bool {
        // The entry's text widget inside it is what holds the keyboard.
        guard isOpen, let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) else { return false }
        return focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
    }

    /// Lets typing anywhere in `widget` start a search with the typed text.
    func captureTyping(in widget: Widget) {
        gtk_search_bar_set_key_capture_widget(gcast(searchBar), widget)
    }

    /// Opens the search bar and gives the entry the keyboard, its text selected.
    func startSearch() {
        gtk_search_bar_set_search_mode(gcast(searchBar), 1)
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(gcast(entry), 0, -1)
    }

    /// Sets the line under the title ("12 videos").
    func setSubtitle(_ text: String) {
        adw_window_title_set_subtitle(gcast(title), text)
    }
}

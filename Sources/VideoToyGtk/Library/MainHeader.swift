import CGtk
import VideoToyCore
import VideoToyGObject

/// The main window's header bar and its search bar: title and row count, search, the main menu, the screen chooser.
@MainActor
final class MainHeader {
    /// The header bar, to put at the top of the window.
    let bar: Widget
    /// The search bar, to put under the header bar.
    let searchBar: Widget
    private let entry: Widget
    private let title: Widget
    private let toggle: Widget
    private var connections: [SignalConnection] = []
    /// Receives the search text as the user types (after GTK's short typing delay), and "" when the search ends.
    var onSearch: (@MainActor (String) -> Void)?

    /// Builds the bars; `menu` is the main menu model, `screens` the screen chooser's button, `sort` the sort menu's.
    init(menu: OpaquePointer, screens: Widget, sort: Widget) {
        bar = adw_header_bar_new()
        title = adw_window_title_new("VideoToy", "")
        adw_header_bar_set_title_widget(gcast(bar), title)

        let open = Widgets.iconButton("folder-open-symbolic", tooltip: "Open Folder… (Ctrl+O)")
        gtk_actionable_set_action_name(gcast(open), "app.open-folder")
        vt_set_accessible_label(open, "Open Folder")
        adw_header_bar_pack_start(gcast(bar), open)

        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gcast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(gcast(menuButton), UnsafeMutablePointer<GMenuModel>(menu))
        gtk_widget_set_tooltip_text(menuButton, "Main Menu")
        vt_set_accessible_label(menuButton, "Main Menu")
        gtk_menu_button_set_primary(gcast(menuButton), 1)
        adw_header_bar_pack_end(gcast(bar), menuButton)
        adw_header_bar_pack_end(gcast(bar), screens)

        toggle = gtk_toggle_button_new()
        gtk_button_set_icon_name(gcast(toggle), "system-search-symbolic")
        gtk_widget_set_tooltip_text(toggle, "Search (Ctrl+F)")
        vt_set_accessible_label(toggle, "Search")
        adw_header_bar_pack_end(gcast(bar), toggle)
        adw_header_bar_pack_end(gcast(bar), sort)

        entry = gtk_search_entry_new()
        GProperty.set(UnsafeMutableRawPointer(entry), "placeholder-text", "Search by name or folder")
        vt_set_accessible_label(entry, "Search videos")
        gtk_widget_set_hexpand(entry, 1)
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(gcast(clamp), 400)
        adw_clamp_set_child(gcast(clamp), entry)
        searchBar = gtk_search_bar_new()
        gtk_search_bar_set_child(gcast(searchBar), clamp)
        gtk_search_bar_connect_entry(gcast(searchBar), gcast(entry))
        g_object_bind_property(
            UnsafeMutableRawPointer(toggle), "active", UnsafeMutableRawPointer(searchBar), "search-mode-enabled",
            GBindingFlags(G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))

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

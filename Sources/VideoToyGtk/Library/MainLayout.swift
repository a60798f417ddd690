import CGtk
import VideoToyGObject
import VideoToyText

/// The main window's static structure, built from a GtkBuilder description: the header bar and its buttons, the
/// search bar, the stack of the list and its status pages, and the toast overlay around them.
///
/// The menus, the rows and every behaviour are wired in code; this is only what a designer would draw.
@MainActor
struct MainLayout {
    /// The window's content: header bar, search bar and toast overlay, top to bottom.
    let content: Widget
    /// The header bar.
    let headerBar: Widget
    /// The header bar's title, whose subtitle counts the rows.
    let title: Widget
    /// The main menu's button; its menu model is the app's actions.
    let menuButton: Widget
    /// The external screen chooser's button, hidden until there is a screen.
    let screensButton: Widget
    /// The sort menu's button.
    let sortButton: Widget
    /// The toggle that opens the search bar.
    let searchToggle: Widget
    /// The search bar under the header bar.
    let searchBar: Widget
    /// The search entry inside the search bar.
    let searchEntry: Widget
    /// The overlay that shows notices over the stack.
    let toasts: Widget
    /// The stack of pages: "list", "empty" and "no-results".
    let stack: Widget
    /// The scrolled window of the "list" page, which the row list fills.
    let scroller: Widget
    /// The status page shown while the library is empty or a scan failed.
    let emptyPage: Widget

    /// Builds a fresh copy of the structure and makes it the content of `window`, which then keeps it alive.
    static func build(into window: Widget) -> MainLayout {
        let builder = gtk_builder_new()!
        // The builder holds the only reference to the content until the window takes it.
        defer { g_object_unref(graw(builder)) }
        var error: UnsafeMutablePointer<GError>?
        // The description is part of the program: a parse error is a bug to see at once, not a state to handle.
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0 else {
            fatalError("the main window's layout does not parse: \(error.map { String(cString: $0.pointee.message) } ?? "")")
        }
        let layout = MainLayout(
            content: object(builder, "content"), headerBar: object(builder, "header-bar"), title: object(builder, "title"),
            menuButton: object(builder, "main-menu-button"), screensButton: object(builder, "screens-button"),
            sortButton: object(builder, "sort-button"), searchToggle: object(builder, "search-toggle"),
            searchBar: object(builder, "search-bar"), searchEntry: object(builder, "search-entry"),
            toasts: object(builder, "toasts"), stack: object(builder, "stack"), scroller: object(builder, "scroller"),
            emptyPage: object(builder, "empty-page"))
        adw_application_window_set_content(gcast(window), layout.content)
        // GtkBuilder sets properties before it adds children, so the first page would win; the empty page shows
        // until the library is read.
        gtk_stack_set_visible_child_name(gcast(layout.stack), "empty")
        for text in texts() {
            let widget = object(builder, text.id)
            switch text.kind {
            case .tooltip: gtk_widget_set_tooltip_text(widget, text.text)
            case .accessibleName: Widgets.setAccessibleName(widget, text.text)
            case .label: gtk_button_set_label(gcast(widget), text.text)
            case .title: adw_status_page_set_title(gcast(widget), text.text)
            case .description: adw_status_page_set_description(gcast(widget), text.text)
            case .placeholder: setStringProperty(widget, "placeholder-text", text.text)
            }
        }
        return layout
    }

    /// One text of the layout: which widget, which of its texts, and the words in the user's language.
    struct Text {
        /// Where a text goes on its widget.
        enum Kind {
            case tooltip, accessibleName, label, title, description, placeholder
        }
        /// The widget's id in the description.
        let id: String
        /// Which of its texts.
        let kind: Kind
        /// The words.
        let text: String
    }

    /// The layout's words: tooltips, the names screen readers say, the status pages' titles and the buttons' labels.
    static func texts() -> [Text] {
        [
            Text(id: "open-button", kind: .tooltip, text: tr("Open Folder… (Ctrl+O)")),
            Text(id: "open-button", kind: .accessibleName, text: tr("Open Folder")),
            Text(id: "main-menu-button", kind: .tooltip, text: tr("Main Menu")),
            Text(id: "main-menu-button", kind: .accessibleName, text: tr("Main Menu")),
            Text(id: "screens-button", kind: .tooltip, text: tr("Choose the external screen")),
            Text(id: "screens-button", kind: .accessibleName, text: tr("External screen")),
            Text(id: "search-toggle", kind: .tooltip, text: tr("Search (Ctrl+F)")),
            // TRANSLATORS: the header bar's button that opens the search bar.
            Text(id: "search-toggle", kind: .accessibleName, text: trp("button", "Search")),
            // TRANSLATORS: the header bar's button whose menu orders the rows.
            Text(id: "sort-button", kind: .tooltip, text: trp("button", "Sort")),
            Text(id: "sort-button", kind: .accessibleName, text: trp("button", "Sort")),
            Text(id: "search-entry", kind: .placeholder, text: tr("Search by name or folder")),
            Text(id: "search-entry", kind: .accessibleName, text: tr("Search videos")),
            Text(id: "empty-page", kind: .title, text: tr("Looking for Videos…")),
            Text(id: "empty-open-button", kind: .label, text: tr("_Open Folder…")),
            Text(id: "empty-open-button", kind: .accessibleName, text: tr("Open Folder")),
            Text(id: "no-results-page", kind: .title, text: tr("No Results Found")),
            Text(id: "no-results-page", kind: .description, text: tr("Try a different search, or press Escape to see every video.")),
        ]
    }

    /// Sets the string property `name` of `widget`, one GTK 4.8 has no setter for.
    private static func setStringProperty(_ widget: Widget, _ name: String, _ value: String) {
        var gvalue = GValue()
        // G_TYPE_STRING, a macro Swift does not import: the fundamental type 16, shifted as GLib numbers them.
        g_value_init(&gvalue, GType(16 << 2))
        defer { g_value_unset(&gvalue) }
        g_value_set_string(&gvalue, value)
        g_object_set_property(gcast(widget), name, &gvalue)
    }

    private static func object(_ builder: OpaquePointer, _ id: String) -> Widget {
        guard let object = gtk_builder_get_object(builder, id) else { fatalError("the main window's layout has no \(id)") }
        return gcast(object)
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The show beside the library list: its entries in order (the one playing and the one up next marked), the show's
/// name, auto-advance, Start/End Show, and the menu that opens and saves show files.
///
/// It renders `PresenterView.show` and sends each edit to the controller; the rows are kept by position and only
/// those whose entry changed are touched. Files are read and written outside GTK: `onOpenFile` and `onSaveFile`.
@MainActor
final class ShowPane {
    /// The header bar's toggle that shows and hides the pane.
    let toggle: Widget
    let revealer: Widget
    let title: Widget
    let autoAdvance: Widget
    let startButton: Widget
    let stack: Widget
    let list: Widget
    /// The show menu's model, filled by `actions`.
    let menu: OpaquePointer
    let controller: AppController
    let window: Widget
    private var rows: [ShowRow] = []
    var shown: PresenterView?
    var actions: AppActions?
    var connections: [SignalConnection] = []
    /// Receives the path of a show file to open.
    var onOpenFile: (@MainActor (String) -> Void)?
    /// Receives the show to write and the path to write it to.
    var onSaveFile: (@MainActor (Show, String) -> Void)?

    /// The pane's width: a title and its buttons, beside a list that keeps the rest of the window.
    static let width: Int32 = 360

    /// Builds the pane for `controller`'s show, its menu's actions added to `application`, dialogs over `window`.
    init(application: UnsafeMutablePointer<GtkApplication>, controller: AppController, window: Widget) {
        self.controller = controller
        self.window = window
        toggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(gcast(toggle), "view-list-ordered-symbolic")
        gtk_widget_set_tooltip_text(toggle, tr("Show List"))
        // TRANSLATORS: the header bar's toggle for the pane that lists the videos of a show (a talk's playlist).
        Widgets.setAccessibleName(toggle, tr("Show list"))
        gtk_widget_set_focus_on_click(toggle, 0)
        title = adw_window_title_new(tr("New Show"), "")
        autoAdvance = gtk_switch_new()!
        startButton = gtk_button_new_with_label(tr("Start Show"))!
        list = gtk_list_box_new()!
        stack = gtk_stack_new()!
        revealer = gtk_revealer_new()!
        menu = g_menu_new()!
        actions = AppActions(application: application, menu: menu, sections: menuSections())
        gtk_revealer_set_child(gcast(revealer), build())
        gtk_revealer_set_transition_type(gcast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_reveal_child(gcast(revealer), 0)
        connectControls()
    }

    /// Puts the pane at the right of `content` (the list and its notices), and its toggle in `headerBar`.
    func attach(beside content: Widget, headerBar: Widget) {
        guard let parent = gtk_widget_get_parent(content) else { return }
        let previous = gtk_widget_get_prev_sibling(content)
        let row = Widgets.box(vertical: false)
        gtk_widget_set_vexpand(row, 1)
        // The box's reference keeps the content alive between its old parent and the new one.
        g_object_ref(content)
        Widgets.unparent(content)
        gtk_widget_set_hexpand(content, 1)
        Widgets.append(row, content)
        g_object_unref(content)
        Widgets.append(row, revealer)
        gtk_box_insert_child_after(gcast(parent), row, previous)
        adw_header_bar_pack_end(gcast(headerBar), toggle)
    }

    /// Whether the keyboard focus is in the pane: its list then takes the arrows, Return and Delete.
    var hasFocus: Bool {
        guard let focus = gtk_root_get_focus(gcast(window)) else { return false }
        return focus == revealer || gtk_widget_is_ancestor(focus, revealer) != 0
    }

    /// Shows the show as `view` has it; the pane opens by itself when the show gets its first entry.
    func render(_ view: PresenterView) {
        let before = shown
        guard view.show != before?.show || view.showItems != before?.showItems else { return }
        shown = view
        let show = view.show
        if (before?.show.entries.isEmpty ?? true) && !show.entries.isEmpty {
            gtk_toggle_button_set_active(gcast(toggle), 1)
        }
        let name = show.file.map(ShowPane.displayName) ?? tr("New Show")
        adw_window_title_set_title(gcast(title), show.edited ? "• " + name : name)
        adw_window_title_set_subtitle(gcast(title), ShowPane.summary(of: show))
        if (gtk_switch_get_active(gcast(autoAdvance)) != 0) != show.autoAdvance {
            gtk_switch_set_active(gcast(autoAdvance), show.autoAdvance ? 1 : 0)
        }
        gtk_button_set_label(gcast(startButton), show.running ? tr("End Show") : tr("Start Show"))
        gtk_widget_set_tooltip_text(startButton, show.running ? tr("End the show (Escape)") : tr("Start the show (F5)"))
        Widgets.setClass(startButton, "suggested-action", !show.running)
        Widgets.setClass(startButton, "destructive-action", show.running)
        gtk_widget_set_sensitive(startButton, show.entries.isEmpty ? 0 : 1)
        gtk_stack_set_visible_child_name(gcast(stack), show.entries.isEmpty ? "empty" : "list")
        renderRows(view)
    }

    private func renderRows(_ view: PresenterView) {
        let show = view.show
        while rows.count > show.entries.count {
            let row = rows.removeLast()
            gtk_list_box_remove(gcast(list), row.root)
        }
        while rows.count < show.entries.count {
            let row = ShowRow { [unowned self] action, index in perform(action, at: index) }
            rows.append(row)
            gtk_list_box_append(gcast(list), row.root)
        }
        let playing = show.running ? show.position : nil
        let next = show.running ? show.upNext : nil
        for (index, entry) in show.entries.enumerated() {
            rows[index].show(
                ShowRow.Model(
                    index: index, title: entry.title, duration: entry.durationMs.map { TimeFormat.clock(milliseconds: $0) },
                    playing: index == playing, upNext: index == next,
                    missing: view.showItems.indices.contains(index) ? view.showItems[index] == nil : true,
                    last: index == show.entries.count - 1))
        }
    }

    /// A row's button or a drop on it.
    private func perform(_ action: ShowRow.Action, at index: Int) {
        switch action {
        case .remove:
            controller.removeFromShow(at: index)
            focusRow(min(index, rows.count - 1))
        case .move(let step):
            move(index, to: index + step)
        case .drop(.entry(let source)):
            move(source, to: index)
        case .drop(.item(let id)):
            guard controller.addToShow(id) else { return }
            move(rows.count - 1, to: index)
        }
    }

    /// A drop on the pane outside the rows: a video joins the end of the show, an entry moves there.
    func dropped(_ drag: ShowDrag) -> Bool {
        switch drag {
        case .item(let id):
            return controller.addToShow(id)
        case .entry(let source):
            move(source, to: rows.count - 1)
            return true
        }
    }

    private func move(_ source: Int, to destination: Int) {
        guard rows.indices.contains(source), rows.indices.contains(destination), source != destination else { return }
        controller.moveInShow(from: source, to: destination)
        focusRow(destination)
    }

    private func focusRow(_ index: Int) {
        guard rows.indices.contains(index) else { return }
        gtk_list_box_select_row(gcast(list), gcast(rows[index].root))
        gtk_widget_grab_focus(rows[index].root)
    }

    /// Alt+Up and Alt+Down move the focused row, Delete takes it out.
    func key(_ keyval: UInt32, _ modifiers: UInt32) -> Bool {
        guard let focus = gtk_root_get_focus(gcast(window)),
            let rowWidget = gtk_widget_get_ancestor(focus, gtk_list_box_row_get_type())
        else { return false }
        let index = Int(gtk_list_box_row_get_index(gcast(rowWidget)))
        let alt = modifiers & GDK_ALT_MASK.rawValue != 0
        switch gdk_keyval_name(keyval).map({ String(cString: $0) }) {
        case "Up"? where alt, "KP_Up"? where alt: move(index, to: index - 1)
        case "Down"? where alt, "KP_Down"? where alt: move(index, to: index + 1)
        case "Delete"?, "KP_Delete"?: perform(.remove, at: index)
        default: return false
        }
        return true
    }
}

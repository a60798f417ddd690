import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// One entry of the show pane's list: its number (or a play mark while it plays), title and duration, "Up Next" on
/// the cued one, and buttons to move it up or down or take it out. The row is dragged to reorder it.
@MainActor
final class ShowRow {
    /// What a row shows, compared to skip the widgets when nothing changed.
    struct Model: Equatable {
        /// The entry's place in the show, from 0.
        var index: Int
        /// The title the show keeps.
        var title: String
        /// Its duration, as a clock reads it, if known.
        var duration: String?
        /// Whether it is the entry playing (the show's position while it runs).
        var playing: Bool
        /// Whether it is the one the clicker's next starts.
        var upNext: Bool
        /// Whether its file is not in the library.
        var missing: Bool
        /// Whether it is the last entry (it cannot move down).
        var last: Bool
    }

    /// What the user asked of a row.
    enum Action {
        /// Take it out of the show.
        case remove
        /// Move it one place up (-1) or down (+1).
        case move(by: Int)
        /// Something was dropped on it.
        case drop(ShowDrag)
    }

    /// The GtkListBoxRow.
    let root: Widget
    private let number = Widgets.label(classes: ["dim-label", "numeric"], wrap: false)
    private let playMark = gtk_image_new_from_icon_name("media-playback-start-symbolic")!
    private let upNextTag = Widgets.label(tr("Up Next"), classes: ["videotoy-show-tag", "caption-heading"], wrap: false)
    private let upButton = Widgets.iconButton("go-up-symbolic", tooltip: tr("Move Up (Alt+Up)"))
    private let downButton = Widgets.iconButton("go-down-symbolic", tooltip: tr("Move Down (Alt+Down)"))
    private let removeButton = Widgets.iconButton("list-remove-symbolic", tooltip: tr("Remove from Show (Delete)"))
    private let dragSource: OpaquePointer
    private var connections: [SignalConnection] = []
    /// What the row shows now.
    private(set) var model: Model?

    /// A row whose buttons and drops report to `onAction` with the row's current index.
    init(onAction: @escaping @MainActor (Action, Int) -> Void) {
        root = adw_action_row_new()
        // Titles are file names: `&` or `<` in one is text, not markup.
        adw_preferences_row_set_use_markup(gcast(root), 0)
        gtk_list_box_row_set_activatable(gcast(root), 1)
        gtk_widget_add_css_class(root, "videotoy-show-row")
        // A column as wide as "1000", so the titles line up whatever the numbers.
        let prefix = Widgets.box(vertical: false)
        gtk_widget_set_size_request(prefix, 32, -1)
        gtk_widget_set_hexpand(prefix, 0)
        gtk_label_set_xalign(gcast(number), 1)
        gtk_label_set_width_chars(gcast(number), 4)
        Widgets.append(prefix, number)
        gtk_widget_add_css_class(playMark, "accent")
        gtk_widget_set_size_request(playMark, 32, -1)
        gtk_widget_set_halign(playMark, GTK_ALIGN_END)
        Widgets.setAccessibleName(playMark, tr("Playing"))
        Widgets.append(prefix, playMark)
        adw_action_row_add_prefix(gcast(root), prefix)
        gtk_widget_set_valign(upNextTag, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(gcast(root), upNextTag)
        for button in [upButton, downButton, removeButton] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(gcast(root), button)
        }
        dragSource = ShowDrag.source(on: root)
        connections.append(Signal.connect(upButton, "clicked") { [unowned self] in report(.move(by: -1), onAction) })
        connections.append(Signal.connect(downButton, "clicked") { [unowned self] in report(.move(by: 1), onAction) })
        connections.append(Signal.connect(removeButton, "clicked") { [unowned self] in report(.remove, onAction) })
        connections.append(
            ShowDrag.target(on: root) { [unowned self] drag in
                guard let index = model?.index else { return false }
                onAction(.drop(drag), index)
                return true
            })
    }

    /// Shows `model`; the widgets are touched only when it changed.
    func show(_ model: Model) {
        guard model != self.model else { return }
        self.model = model
        Widgets.setText(number, String(model.index + 1))
        Widgets.setVisible(number, !model.playing)
        Widgets.setVisible(playMark, model.playing)
        Widgets.setVisible(upNextTag, model.upNext)
        adw_preferences_row_set_title(gcast(root), model.title)
        var details: [String] = []
        if let duration = model.duration { details.append(duration) }
        if model.missing { details.append(tr("Not in the library")) }
        adw_action_row_set_subtitle(gcast(root), details.joined(separator: " · "))
        Widgets.setClass(root, "videotoy-show-missing", model.missing)
        Widgets.setClass(root, "videotoy-show-playing", model.playing)
        gtk_widget_set_tooltip_text(
            root, model.missing ? tr("The file is not in the library: open its folder to play it") : nil)
        gtk_widget_set_sensitive(upButton, model.index > 0 ? 1 : 0)
        gtk_widget_set_sensitive(downButton, model.last ? 0 : 1)
        ShowDrag.offer(.entry(model.index), on: dragSource)
    }

    private func report(_ action: Action, _ onAction: @MainActor (Action, Int) -> Void) {
        guard let index = model?.index else { return }
        onAction(action, index)
    }
}

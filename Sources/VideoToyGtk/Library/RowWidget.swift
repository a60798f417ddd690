import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// One recycled list row: the video slot first, then the labels beside it, so nothing separates them at any width.
@MainActor
final class RowWidget {
    /// The row's root widget.
    let root: Widget
    /// The item currently bound, if any.
    private(set) var id: ItemID?
    /// What the row shows now, if anything.
    private(set) var model: RowModel?
    // One line each, shortened with an ellipsis: wrapped, a narrow row would break names a few letters a line.
    private let title = Widgets.label(classes: ["videotoy-title"], wrap: false, ellipsize: PANGO_ELLIPSIZE_MIDDLE)
    private let folder = Widgets.label(classes: ["dim-label"], wrap: false, ellipsize: PANGO_ELLIPSIZE_START)
    private let detail = Widgets.label(wrap: false, ellipsize: PANGO_ELLIPSIZE_END)
    private let labels: Widget
    private let status = Widgets.label(classes: ["videotoy-status"])
    /// The right-hand slot that holds the poster or the live video view.
    let slot: Widget
    private let poster: Widget
    // In place of a black rectangle, for a file that cannot play: an icon (the labels say why).
    private let unplayableIcon: Widget
    private var unplayable = false
    private var embedded: Widget?
    private var panel: Widget?
    // A row dragged onto the show pane joins the show.
    private var dragSource: OpaquePointer?

    /// The fixed row height, as in the seed.
    static let height: Int32 = 200

    /// Builds an empty row.
    init() {
        root = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_add_css_class(root, "videotoy-row")
        gtk_widget_set_size_request(root, -1, RowWidget.height)
        labels = Widgets.box(vertical: true, spacing: 4)
        gtk_widget_set_hexpand(labels, 1)
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        for label in [title, folder, detail, status] { Widgets.append(labels, label) }
        slot = Widgets.box(vertical: true)
        gtk_widget_add_css_class(slot, "videotoy-slot")
        // A 16:9 slot of fixed width; the label column beside it takes the rest of the window's width.
        gtk_widget_set_size_request(slot, (RowWidget.height - 12) * 16 / 9, RowWidget.height - 12)
        gtk_widget_set_hexpand(slot, 0)
        gtk_widget_set_overflow(slot, GTK_OVERFLOW_HIDDEN)
        poster = Widgets.picture()
        Widgets.append(slot, poster)
        unplayableIcon = gtk_image_new_from_icon_name("dialog-error-symbolic")
        gtk_image_set_pixel_size(gcast(unplayableIcon), 48)
        gtk_widget_set_vexpand(unplayableIcon, 1)
        gtk_widget_add_css_class(unplayableIcon, "dim-label")
        Widgets.setAccessibleName(unplayableIcon, tr("Cannot play"))
        Widgets.setVisible(unplayableIcon, false)
        Widgets.append(slot, unplayableIcon)
        Widgets.append(root, slot)
        Widgets.append(root, labels)
        dragSource = ShowDrag.source(on: root)
    }

    /// Places the labels beside the video or under it, in a slot of `size`.
    func arrange(_ arrangement: RowArrangement, slot size: RowSlot) {
        gtk_widget_set_size_request(slot, Int32(size.width), Int32(size.height))
        let stacked = arrangement == .stacked
        gtk_orientable_set_orientation(OpaquePointer(root), stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_halign(slot, stacked ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL)
        gtk_widget_set_valign(labels, stacked ? GTK_ALIGN_START : GTK_ALIGN_CENTER)
    }

    /// Shows `model`.
    func show(_ model: RowModel) {
        id = model.id
        self.model = model
        Widgets.setText(title, model.title)
        Widgets.setText(folder, model.folder)
        Widgets.setText(detail, model.detail.text(in: .user))
        Widgets.setClass(detail, "videotoy-error", model.isError)
        Widgets.setClass(detail, "videotoy-warning", model.isWarning && !model.isError)
        Widgets.setText(status, model.status.text(in: .user))
        Widgets.setVisible(status, model.status != .idle)
        Widgets.setClass(status, "videotoy-error", model.status.isError)
        TextureMaker.show(model.poster, in: gcast(poster))
        unplayable = model.isError && model.poster == nil && !model.hasVideoView
        showSlotContent()
        Widgets.setAccessibleName(root, model.spokenLabel(in: .user))
        if let dragSource { ShowDrag.offer(.item(model.id), on: dragSource) }
    }

    /// Puts a live video view in the slot in place of the poster.
    func embed(_ view: Widget) {
        guard embedded != view else { return }
        releaseVideo()
        Widgets.unparent(view)
        Widgets.append(slot, view)
        embedded = view
        showSlotContent()
    }

    /// Takes the live video view out, leaving the poster.
    func releaseVideo() {
        if let view = embedded, gtk_widget_get_parent(view) == slot { gtk_box_remove(gcast(slot), view) }
        embedded = nil
        showSlotContent()
    }

    /// The live view when there is one, else the poster, or the icon of a file that cannot play.
    private func showSlotContent() {
        Widgets.setVisible(poster, embedded == nil && !unplayable)
        Widgets.setVisible(unplayableIcon, embedded == nil && unplayable)
        Widgets.setClass(slot, "videotoy-slot-unplayable", embedded == nil && unplayable)
    }

    /// Shows a live view's controls under the poster while its picture is on an external screen.
    func embedPanel(_ controls: Widget) {
        guard panel != controls else { return }
        releasePanel()
        Widgets.unparent(controls)
        Widgets.append(slot, controls)
        panel = controls
    }

    /// Removes the presenter panel.
    func releasePanel() {
        if let panel, gtk_widget_get_parent(panel) == slot { gtk_box_remove(gcast(slot), panel) }
        panel = nil
    }

    /// Forgets the bound item when the row is recycled.
    func unbind() {
        releaseVideo()
        releasePanel()
        id = nil
        model = nil
    }

    /// Shows nothing: the row is bound to a position far from the view, whose model comes when the view nears it.
    func clear() {
        unbind()
        for label in [title, folder, detail, status] { Widgets.setText(label, "") }
        TextureMaker.show(nil, in: gcast(poster))
        unplayable = false
        showSlotContent()
        Widgets.setAccessibleName(root, "")
        if let dragSource { ShowDrag.offer(nil, on: dragSource) }
    }
}

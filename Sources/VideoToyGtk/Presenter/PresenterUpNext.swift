import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The presenter panel's "Up next": the poster, title and duration of the show's cued video.
@MainActor
final class PresenterUpNext {
    /// The box, to put into the panel; hidden while no show runs.
    let root: Widget
    private let poster: Widget
    private let icon: Widget
    private let title: Widget
    private let duration: Widget

    /// Builds the hidden box.
    init() {
        root = Widgets.box(vertical: true, spacing: 6)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        // TRANSLATORS: the presenter panel's heading over the show's next video.
        Widgets.append(root, Widgets.label(tr("Up Next"), classes: ["caption-heading", "dim-label"], wrap: false))
        let row = Widgets.box(vertical: false, spacing: 12)
        let slot = gtk_overlay_new()!
        gtk_widget_set_size_request(slot, 96, 54)
        gtk_widget_set_valign(slot, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(slot, "videotoy-presenter-poster")
        gtk_widget_set_overflow(slot, GTK_OVERFLOW_HIDDEN)
        poster = Widgets.picture()
        gtk_picture_set_content_fit(gcast(poster), GTK_CONTENT_FIT_COVER)
        gtk_overlay_set_child(gcast(slot), poster)
        icon = gtk_image_new_from_icon_name("video-x-generic-symbolic")
        gtk_image_set_pixel_size(gcast(icon), 32)
        gtk_widget_add_css_class(icon, "dim-label")
        gtk_overlay_add_overlay(gcast(slot), icon)
        Widgets.append(row, slot)
        let words = Widgets.box(vertical: true, spacing: 2)
        gtk_widget_set_valign(words, GTK_ALIGN_CENTER)
        title = Widgets.label("", classes: ["heading"], wrap: false, ellipsize: PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(gcast(title), 28)
        duration = Widgets.label("", classes: ["caption", "numeric", "dim-label"], wrap: false)
        Widgets.append(words, title)
        Widgets.append(words, duration)
        Widgets.append(row, words)
        Widgets.append(root, row)
        Widgets.setVisible(root, false)
    }

    /// Shows `entry` with `poster` (a film icon without one), or hides the box with nil.
    func show(entry: ShowEntry?, poster frame: VideoFrame?) {
        guard let entry else {
            Widgets.setVisible(root, false)
            TextureMaker.show(nil, in: gcast(poster))
            return
        }
        Widgets.setText(title, entry.title)
        // Named after the setting of its text, which names a label after it: a screen reader (and the end-to-end
        // test) hears "Up next", then the title.
        Widgets.setAccessibleName(title, tr("Up next"))
        PresenterPanelStyle.setDescription(title, entry.title)
        Widgets.setText(duration, entry.durationMs.map { TimeFormat.clock(milliseconds: $0) } ?? "")
        TextureMaker.show(frame, in: gcast(poster))
        Widgets.setVisible(icon, frame == nil)
        Widgets.setVisible(root, true)
    }
}

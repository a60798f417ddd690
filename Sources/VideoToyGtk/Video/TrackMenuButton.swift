import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The video's "Audio and subtitles" menu: every soundtrack, "Off" and every subtitle track, the ones in use checked,
/// and under a subtitle file that is damaged or unreadable, what is wrong with it.
@MainActor
final class TrackMenuButton {
    /// The menu button for the control bar; hidden while the file has nothing to choose.
    let button: Widget
    private let list: Widget
    private let onChoose: @MainActor (TrackKind, TrackID?) -> Void
    private var rows: [Widget] = []
    var connections: [SignalConnection] = []
    /// Receives the encoding the user forces for the video's subtitle files (nil: detect it).
    var onEncoding: (@MainActor (TextEncoding?) -> Void)?
    private var shown: TrackMenu?

    /// Builds an empty, hidden menu; `onChoose` receives what the user picks.
    init(onChoose: @escaping @MainActor (TrackKind, TrackID?) -> Void) {
        self.onChoose = onChoose
        (button, list) = Widgets.popoverList(
            icon: "media-view-subtitles-symbolic", name: tr("Audio and subtitles"), tooltip: tr("Audio and subtitles (B, V)"))
        Widgets.setVisible(button, false)
    }

    /// Whether the file has anything to choose (the control bar leaves the button out otherwise).
    var hasChoices: Bool { !(shown?.isEmpty ?? true) }

    /// Shows `menu`; rebuilt only when it changed.
    func update(_ menu: TrackMenu) {
        guard menu != shown else { return }
        shown = menu
        for row in rows { gtk_box_remove(gcast(list), row) }
        rows = []
        connections = []
        if !menu.audio.isEmpty { add(section: tr("Audio"), menu.audio, kind: .audio) }
        if !menu.subtitles.isEmpty { add(section: tr("Subtitles"), menu.subtitles, kind: .subtitles) }
        if let encodings = menu.encodings { add(encodings: encodings) }
        Widgets.setVisible(button, !menu.isEmpty)
    }

    private func add(section title: String, _ entries: [TrackMenu.Entry], kind: TrackKind) {
        let heading = Widgets.label(title, wrap: false)
        gtk_widget_add_css_class(heading, "heading")
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_widget_set_margin_top(heading, rows.isEmpty ? 0 : 8)
        append(heading)
        for entry in entries {
            let label = entry.label.text()
            let item = gtk_button_new_with_label((entry.isSelected ? "✓ " : "    ") + label)!
            gtk_widget_add_css_class(item, "flat")
            if let child = gtk_button_get_child(gcast(item)) { gtk_widget_set_halign(child, GTK_ALIGN_START) }
            gtk_widget_set_sensitive(item, entry.isEnabled ? 1 : 0)
            Widgets.setAccessibleName(item, kind == .audio ? tr("Audio: %s", label) : tr("Subtitles: %s", label))
            if entry.isEnabled {
                connections.append(
                    Signal.connect(item, "clicked") { [button, onChoose] in
                        gtk_menu_button_popdown(gcast(button))
                        onChoose(kind, entry.id)
                    })
            }
            append(item)
            if let note = entry.note {
                let line = Widgets.label(note.text(), wrap: true)
                gtk_widget_add_css_class(line, "dim-label")
                gtk_widget_add_css_class(line, "caption")
                gtk_widget_set_halign(line, GTK_ALIGN_START)
                gtk_label_set_max_width_chars(gcast(line), 40)
                gtk_widget_set_margin_start(line, 24)
                append(line)
            }
        }
    }

    func append(_ row: Widget) {
        Widgets.append(list, row)
        rows.append(row)
    }
}

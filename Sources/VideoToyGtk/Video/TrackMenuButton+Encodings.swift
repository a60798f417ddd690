import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The menu's "Character Encoding" section: "Automatic" naming what was detected, then every encoding by name.
extension TrackMenuButton {
    func add(encodings menu: EncodingMenu) {
        let heading = Widgets.label(tr("Character Encoding"), wrap: false)
        gtk_widget_add_css_class(heading, "heading")
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_widget_set_margin_top(heading, 8)
        append(heading)
        let entries: [(TextEncoding?, String)] =
            [(nil, EncodingNames.automatic(detected: menu.detected))] + menu.choices.map { ($0, EncodingNames.name($0)) }
        for (encoding, label) in entries {
            let item = gtk_button_new_with_label((encoding == menu.forced ? "✓ " : "    ") + label)!
            gtk_widget_add_css_class(item, "flat")
            if let child = gtk_button_get_child(gcast(item)) { gtk_widget_set_halign(child, GTK_ALIGN_START) }
            Widgets.setAccessibleName(item, tr("Character encoding: %s", label))
            connections.append(
                Signal.connect(item, "clicked") { [button, onEncoding] in
                    gtk_menu_button_popdown(gcast(button))
                    onEncoding?(encoding)
                })
            append(item)
        }
    }
}

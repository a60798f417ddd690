import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The video's scaling menu: fit, fill, stretch or natural size, the current one checked.
@MainActor
final class ScalingMenu {
    /// The menu button for the control bar.
    let button: Widget
    private var entries: [(mode: ScalingMode, button: Widget)] = []
    private var connections: [SignalConnection] = []

    /// Builds the menu; `onChoose` receives the mode the user picks.
    init(current: ScalingMode, onChoose: @escaping @MainActor (ScalingMode) -> Void) {
        button = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(gcast(button), "zoom-fit-best-symbolic")
        Widgets.setAccessibleName(button, tr("Scaling"))
        gtk_widget_set_tooltip_text(button, tr("Scaling"))
        gtk_menu_button_set_has_frame(gcast(button), 0)
        let list = Widgets.box(vertical: true, spacing: 2)
        for mode in ScalingMode.allCases {
            let entry = gtk_button_new_with_label(mode.title)!
            gtk_widget_add_css_class(entry, "flat")
            connections.append(
                Signal.connect(entry, "clicked") { [button] in
                    gtk_menu_button_popdown(gcast(button))
                    onChoose(mode)
                })
            Widgets.append(list, entry)
            entries.append((mode, entry))
        }
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gcast(popover), list)
        gtk_menu_button_set_popover(gcast(button), popover)
        select(current)
    }

    /// Marks `mode` as the current one.
    func select(_ mode: ScalingMode) {
        for entry in entries {
            gtk_button_set_label(gcast(entry.button), (entry.mode == mode ? "✓ " : "    ") + entry.mode.title)
        }
    }
}

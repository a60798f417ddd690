import CGtk
import VideoToyGObject
import VideoToyText

/// The header bar's phone icon with the number of phones connected, shown only while some are; a click opens the
/// pairing dialog.
@MainActor
final class RemoteIndicator {
    /// The button to pack in the header bar.
    let button: Widget
    private let count: Widget
    private var connections: [SignalConnection] = []

    /// Builds it hidden; `onOpen` opens the pairing dialog.
    init(onOpen: @escaping @MainActor () -> Void) {
        button = gtk_button_new()!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_focus_on_click(button, 0)
        let content = Widgets.box(vertical: false, spacing: 4)
        Widgets.append(content, gtk_image_new_from_icon_name("phone-symbolic")!)
        count = gtk_label_new("")!
        gtk_widget_add_css_class(count, "numeric")
        Widgets.append(content, count)
        gtk_button_set_child(gcast(button), content)
        Widgets.setVisible(button, false)
        connections.append(Signal.connect(button, "clicked") { onOpen() })
    }

    /// Shows `phones`, or hides the icon when there are none.
    func show(phones: Int) {
        Widgets.setVisible(button, phones > 0)
        guard phones > 0 else { return }
        Widgets.setText(count, "\(phones)")
        // TRANSLATORS: the header bar's phone icon: %d phones have the remote control's page open.
        let text = trn("%d phone connected", "%d phones connected", phones, phones)
        gtk_widget_set_tooltip_text(button, text)
        Widgets.setAccessibleName(button, text)
    }
}

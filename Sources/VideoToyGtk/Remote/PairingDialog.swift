import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The "Remote Control" window: the pairing URL as a large QR code and as selectable text, the phones connected, a
/// New Code button, and why the remote does not listen when it could not.
@MainActor
final class PairingDialog {
    /// How many pixels a side of the code should have, about: large enough for a phone across a desk.
    private static let wantedSide = 330

    private let window: Widget
    private let picture: Widget
    private let hint: Widget
    private let url: Widget
    private let phones: Widget
    private let failure: Widget
    private let failureTitle: Widget
    private let renew: Widget
    private let note: Widget
    private var connections: [SignalConnection] = []
    /// The URL the code shows now: a new code is drawn only when it changes.
    private var drawn: String?
    /// Called once the window is closed.
    var onClose: (@MainActor () -> Void)?

    /// Builds the window over `parent`, not shown yet.
    init(over parent: Widget) {
        window = adw_window_new()!
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        // A window of the application: its New Code button finds the `app.` action.
        gtk_window_set_application(gcast(window), gtk_window_get_application(gcast(parent)))
        gtk_window_set_title(gcast(window), tr("Remote Control"))
        gtk_window_set_default_size(gcast(window), 420, -1)
        gtk_window_set_resizable(gcast(window), 0)

        let content = Widgets.box(vertical: true)
        Widgets.append(content, adw_header_bar_new()!)
        let body = Widgets.box(vertical: true, spacing: 12)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(body, 24)
        }
        // An image, not a GtkPicture: it shows the texture at its pixel size, never scaled to the width (a scaled
        // code is blurred).
        picture = gtk_image_new()!
        gtk_widget_set_halign(picture, GTK_ALIGN_CENTER)
        Widgets.setAccessibleName(picture, tr("QR code of the pairing address"))
        Widgets.append(body, picture)

        hint = Self.centred(tr("Scan with your phone's camera"), classes: ["title-4"])
        Widgets.append(body, hint)
        url = Self.centred("", classes: ["monospace"])
        gtk_label_set_selectable(gcast(url), 1)
        Widgets.setAccessibleName(url, tr("Pairing address"))
        Widgets.append(body, url)
        phones = Self.centred("", classes: ["dim-label"])
        Widgets.append(body, phones)
        failureTitle = Self.centred(tr("The remote control is not listening"), classes: ["title-4"])
        Widgets.append(body, failureTitle)
        failure = Self.centred("", classes: ["error"])
        Widgets.append(body, failure)

        renew = gtk_button_new_with_label(tr("New Code"))!
        gtk_widget_add_css_class(renew, "pill")
        gtk_widget_set_halign(renew, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(renew, tr("Every phone is disconnected and must scan the new code"))
        // The action belongs to the app's wiring; the window only asks for it.
        gtk_actionable_set_action_name(gcast(renew), "app.remote-renew")
        Widgets.append(body, renew)
        note = Self.centred(
            tr("Anyone who scans this code can control VideoToy until you make a new code"), classes: ["caption", "dim-label"])
        Widgets.append(body, note)

        Widgets.append(content, body)
        adw_window_set_content(gcast(window), content)
        // Escape closes it, as it closes GNOME's dialogs.
        let keys = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)), gtk_named_action_new("window.close"))
        gtk_shortcut_controller_add_shortcut(keys, escape)
        gtk_widget_add_controller(window, keys)
        connections.append(Signal.notify(picture, "scale-factor") { [unowned self] in draw(drawn) })
        connections.append(
            Signal.connect(window, "destroy") { [unowned self] in
                connections.removeAll()
                onClose?()
            })
    }

    /// Shows the window, raised.
    func present() {
        gtk_window_present(gcast(window))
        // Not the selectable URL, which would take the focus with its text selected.
        gtk_widget_grab_focus(renew)
        gtk_label_select_region(gcast(url), 0, 0)
    }

    /// Closes the window.
    func close() {
        gtk_window_destroy(gcast(window))
    }

    /// Shows `remote`: the code and URL while it listens, otherwise why not.
    func render(_ remote: RemoteView) {
        let pairing = remote.listening ? remote.pairingURL : nil
        for widget in [picture, hint, url, phones, renew, note] { Widgets.setVisible(widget, pairing != nil) }
        Widgets.setText(phones, Self.phonesText(remote.phones))
        let problem = pairing == nil ? (remote.failure ?? tr("Turn on “Control from a phone” in Preferences")) : nil
        Widgets.setText(failure, problem ?? "")
        Widgets.setVisible(failure, problem != nil)
        Widgets.setVisible(failureTitle, problem != nil)
        guard pairing != drawn else { return }
        drawn = pairing
        Widgets.setText(url, pairing ?? "")
        draw(pairing)
    }

    /// "No phones connected", "1 phone connected", "3 phones connected".
    static func phonesText(_ count: Int) -> String {
        // TRANSLATORS: the remote control: no phone has its page open.
        count == 0 ? tr("No phones connected") : trn("%d phone connected", "%d phones connected", count, count)
    }

    /// Draws the code of `text` as large as wanted in whole pixels per module, or nothing.
    private func draw(_ text: String?) {
        guard let text, let code = QRCode(encoding: text) else {
            gtk_image_clear(gcast(picture))
            return
        }
        let scale = max(4, Self.wantedSide / (code.size + 2 * QRCode.quietZone))
        gtk_image_set_pixel_size(gcast(picture), Int32(code.side(scale: scale)))
        // One texture pixel a device pixel on a HiDPI screen too, where the image's size counts logical pixels.
        let factor = max(1, Int(gtk_widget_get_scale_factor(picture)))
        let texture = code.texture(scale: scale * factor)
        gtk_image_set_from_paintable(gcast(picture), texture)
        if let texture { g_object_unref(graw(texture)) }
    }

    /// A centred, wrapping label.
    private static func centred(_ text: String, classes: [String]) -> Widget {
        let label = Widgets.label(text, classes: classes)
        gtk_label_set_xalign(gcast(label), 0.5)
        gtk_label_set_justify(gcast(label), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(gcast(label), 40)
        return label
    }
}

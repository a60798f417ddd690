import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The Preferences window's "Remote Control" group: the switch, the port, the pairing code, a new code, and the
/// phones connected or why the remote does not listen.
extension PreferencesWindow {
    /// The widgets the remote's state changes while the window is open.
    struct RemoteRows {
        /// "Show Pairing Code": only while the remote listens.
        let pairing: Widget
        /// "New Code": only while the remote listens.
        let renew: Widget
        /// The phones connected, or the failure.
        let status: Widget
    }

    /// The group, set to `preferences` and showing `remote`; "Show Pairing Code" calls `onPairing`.
    func remoteGroup(_ preferences: Preferences, remote: RemoteView, onPairing: @escaping @MainActor () -> Void) -> Widget {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("Remote Control"))

        let on = toggle(
            tr("Control from a phone"), subtitle: tr("A web page on this network, paired with a code"), on: preferences.remoteControl
        ) { [unowned self] on in update { $0.remoteControl = on } }
        adw_preferences_group_add(gcast(group), on)

        let port = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(port), tr("Port"))
        adw_action_row_set_subtitle(gcast(port), tr("The same number each time, so a phone's bookmark keeps working"))
        let range = Preferences.remotePorts
        let spin = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)!
        gtk_spin_button_set_digits(gcast(spin), 0)
        gtk_spin_button_set_value(gcast(spin), Double(preferences.remotePort))
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        Widgets.setAccessibleName(spin, tr("Port of the remote control"))
        adw_action_row_add_suffix(gcast(port), spin)
        connections.append(
            Signal.connect(spin, "value-changed") { [unowned self] in
                let value = Int(gtk_spin_button_get_value(gcast(spin)))
                update { $0.remotePort = value }
            })
        adw_preferences_group_add(gcast(group), port)

        let pairing = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(pairing), tr("Show Pairing Code"))
        adw_action_row_add_suffix(gcast(pairing), gtk_image_new_from_icon_name("go-next-symbolic")!)
        gtk_list_box_row_set_activatable(gcast(pairing), 1)
        connections.append(Signal.connect(pairing, "activated") { onPairing() })
        adw_preferences_group_add(gcast(group), pairing)

        let renew = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(renew), tr("New Code"))
        adw_action_row_set_subtitle(gcast(renew), tr("Every phone is disconnected and must scan the new code"))
        let button = gtk_button_new_with_label(tr("New Code"))!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        // The action belongs to the app's wiring; the window only asks for it.
        gtk_actionable_set_action_name(gcast(button), "app.remote-renew")
        adw_action_row_add_suffix(gcast(renew), button)
        adw_preferences_group_add(gcast(group), renew)

        let status = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(status), "")
        adw_preferences_group_add(gcast(group), status)

        remoteRows = RemoteRows(pairing: pairing, renew: renew, status: status)
        showRemote(remote)
        return group
    }

    /// Shows the remote's state: what can be done while it listens, the phones connected or why it does not listen.
    func showRemote(_ remote: RemoteView) {
        guard let rows = remoteRows else { return }
        gtk_widget_set_sensitive(rows.pairing, remote.listening ? 1 : 0)
        gtk_widget_set_sensitive(rows.renew, remote.listening ? 1 : 0)
        let failed = !remote.listening && remote.failure != nil
        adw_preferences_row_set_title(gcast(rows.status), Self.remoteStatus(remote))
        Widgets.setClass(rows.status, "error", failed)
        Widgets.setVisible(rows.status, remote.listening || failed)
    }

    /// The status row's line: the phones connected while it listens, else why it could not listen.
    private static func remoteStatus(_ remote: RemoteView) -> String {
        if remote.listening { return PairingDialog.phonesText(remote.phones) }
        // TRANSLATORS: the remote control could not start: %s says why (a port taken, no network).
        return remote.failure.map { tr("Not listening: %s", $0) } ?? ""
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The Preferences window (AdwPreferencesWindow, Ctrl+,): what happens at the end, shuffle, scaling, controls, keeping
/// the screen on, the external screen's grace period and display mode, the presenter's fades, end and sound, and the
/// remote control. Every change applies at once and is remembered.
@MainActor
final class PreferencesWindow {
    private let window: Widget
    var connections: [SignalConnection] = []
    private var preferences: Preferences
    private let onChange: @MainActor (Preferences) -> Void
    private let onScaling: @MainActor (ScalingMode) -> Void
    /// The remote control's rows that follow its state.
    var remoteRows: RemoteRows?

    private static let endChoices: [(OnEnd, String)] = [
        // TRANSLATORS: what happens at the end of a video: playback stops.
        (.stop, trp("at the end", "Stop")), (.next, tr("Play the next video, the first after the last")), (.loop, tr("Play it again")),
    ]
    private static let scalingChoices: [(ScalingMode, String)] = [
        (.fit, tr("Fit")), (.fill, tr("Fill (crop)")), (.stretch, tr("Stretch")),
        (.none, tr("Natural size")),
    ]
    private static let controlChoices: [(ControlStyle, String)] = [
        (.embedded, tr("Over the video, fading")),
        (.full, tr("Always shown, with the title")),
        // TRANSLATORS: the playback controls' style: no controls are shown.
        (.none, trp("controls", "Hidden")),
    ]

    /// Shows the window over `parent` with `preferences`, `scaling` and the state of `remote`; changes go to
    /// `onChange` and `onScaling`, "Show Pairing Code" to `onPairing`.
    init(
        over parent: Widget, preferences: Preferences, scaling: ScalingMode, remote: RemoteView,
        onChange: @escaping @MainActor (Preferences) -> Void, onScaling: @escaping @MainActor (ScalingMode) -> Void,
        onPairing: @escaping @MainActor () -> Void
    ) {
        self.preferences = preferences
        self.onChange = onChange
        self.onScaling = onScaling
        window = adw_preferences_window_new()
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_set_modal(gcast(window), 1)
        // A window of the application: the remote's New Code button finds the `app.` action.
        gtk_window_set_application(gcast(window), gtk_window_get_application(gcast(parent)))
        // libadwaita's own title would come from its catalogue, which a language VideoToy has may lack.
        gtk_window_set_title(gcast(window), tr("Preferences"))
        adw_preferences_window_set_search_enabled(gcast(window), 0)
        let page = adw_preferences_page_new()!

        let playback = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(playback), tr("Playback"))
        adw_preferences_group_add(
            gcast(playback),
            combo(
                tr("At the end of a video"), Self.endChoices.map(\.1),
                selected: Self.endChoices.firstIndex { $0.0 == preferences.onEnd } ?? 0
            ) {
                [unowned self] index in update { $0.onEnd = Self.endChoices[index].0 }
            })
        let shuffleRow = toggle(
            tr("Shuffle"), subtitle: tr("The next video comes from a shuffled order of the rows shown"), on: preferences.shuffle
        ) { [unowned self] on in update { $0.shuffle = on } }
        adw_preferences_group_add(gcast(playback), shuffleRow)
        adw_preferences_group_add(
            gcast(playback),
            combo(
                tr("Scaling"), Self.scalingChoices.map(\.1),
                selected: Self.scalingChoices.firstIndex { $0.0 == scaling } ?? 0
            ) {
                [unowned self] index in self.onScaling(Self.scalingChoices[index].0)
            })
        let controlsRow = combo(
            tr("Controls"), Self.controlChoices.map(\.1),
            selected: Self.controlChoices.firstIndex { $0.0 == preferences.controls } ?? 0
        ) {
            [unowned self] index in update { $0.controls = Self.controlChoices[index].0 }
        }
        adw_action_row_set_subtitle(gcast(controlsRow), tr("For videos started from now on"))
        adw_preferences_group_add(gcast(playback), controlsRow)
        let awake = toggle(
            tr("Keep the screen on while playing"), subtitle: tr("Also while a paused video is shown on an external screen"),
            on: preferences.keepAwake
        ) { [unowned self] on in update { $0.keepAwake = on } }
        adw_preferences_group_add(gcast(playback), awake)
        adw_preferences_page_add(gcast(page), gcast(playback))

        let screens = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(screens), tr("External Screens"))
        let grace = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(grace), tr("Wait for a screen to reconnect"))
        adw_action_row_set_subtitle(gcast(grace), tr("Seconds a screen may be gone and still keep its video"))
        let spin = gtk_spin_button_new_with_range(0, 60, 0.5)!
        gtk_spin_button_set_value(gcast(spin), preferences.reconnectGraceSeconds)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        Widgets.setAccessibleName(spin, tr("Seconds to wait for a screen to reconnect"))
        adw_action_row_add_suffix(gcast(grace), spin)
        connections.append(
            Signal.connect(spin, "value-changed") { [unowned self] in
                let value = gtk_spin_button_get_value(gcast(spin))
                update { $0.reconnectGraceSeconds = value }
            })
        adw_preferences_group_add(gcast(screens), grace)
        let keep = toggle(
            tr("Keep the screen's display mode"), subtitle: tr("Otherwise the video opens in the screen's best mode, restored afterwards"),
            on: preferences.keepMode
        ) { [unowned self] on in update { $0.keepMode = on } }
        adw_preferences_group_add(gcast(screens), keep)
        let network = toggle(
            tr("Network screens"), subtitle: tr("Look for TVs on the network that videos can play on"),
            on: preferences.networkScreens
        ) { [unowned self] on in update { $0.networkScreens = on } }
        adw_preferences_group_add(gcast(screens), network)
        adw_preferences_page_add(gcast(page), gcast(screens))
        adw_preferences_page_add(gcast(page), gcast(presenterGroup(preferences.presenter)))
        adw_preferences_page_add(gcast(page), gcast(remoteGroup(preferences, remote: remote, onPairing: onPairing)))

        adw_preferences_window_add(gcast(window), gcast(page))
        // The window keeps this object alive until it is closed.
        connections.append(Signal.connect(window, "destroy") { [self] in connections.removeAll() })
        gtk_window_present(gcast(window))
    }

    /// Applies `change` to the preferences and reports them when they differ.
    func update(_ change: (inout Preferences) -> Void) {
        var next = preferences
        change(&next)
        guard next != preferences else { return }
        preferences = next
        onChange(next)
    }

    /// An AdwActionRow titled `title` with a switch set to `on`; `onToggle` receives each change.
    func toggle(_ title: String, subtitle: String, on: Bool, onToggle: @escaping @MainActor (Bool) -> Void) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(row), title)
        adw_action_row_set_subtitle(gcast(row), subtitle)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(gcast(toggle), on ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Widgets.setAccessibleName(toggle, title)
        adw_action_row_add_suffix(gcast(row), toggle)
        adw_action_row_set_activatable_widget(gcast(row), toggle)
        connections.append(Signal.notify(toggle, "active") { onToggle(gtk_switch_get_active(gcast(toggle)) != 0) })
        return row
    }

    /// An AdwComboRow titled `title` offering `choices`; `onSelect` receives the index chosen.
    func combo(_ title: String, _ choices: [String], selected: Int, onSelect: @escaping @MainActor (Int) -> Void) -> Widget {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(gcast(row), title)
        let strings = choices.map { strdup($0) }
        var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
        let model = gtk_string_list_new(&pointers)
        strings.forEach { free($0) }
        adw_combo_row_set_model(gcast(row), model)
        g_object_unref(graw(model!))
        adw_combo_row_set_selected(gcast(row), guint(selected))
        connections.append(
            Signal.notify(row, "selected") {
                let index = Int(adw_combo_row_get_selected(gcast(row)))
                if index < choices.count { onSelect(index) }
            })
        return row
    }
}

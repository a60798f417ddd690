import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The Preferences window's "Presenter" group: how long fades last, what the presentation screen shows after a
/// video, and the sound while the screen is black or white.
extension PreferencesWindow {
    private static let endLookChoices: [(EndLook, String)] = [
        (.idle, tr("Show the idle screen")), (.hold, tr("Hold the last frame")),
        // TRANSLATORS: the presentation screen turns black at the end of a video.
        (.black, trp("end of a video", "Black")),
    ]
    private static let coverSoundChoices: [(CoverSound, String)] = [
        (.keep, tr("Keep playing")), (.mute, tr("Mute")),
    ]

    /// The group, set to `settings`; each change goes where the window's other changes go.
    func presenterGroup(_ settings: PresenterSettings) -> Widget {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(gcast(group), tr("Presenter"))
        adw_preferences_group_set_description(gcast(group), tr("For videos on a projector or an external monitor"))

        let fade = adw_action_row_new()!
        adw_preferences_row_set_title(gcast(fade), tr("Fade duration"))
        adw_action_row_set_subtitle(gcast(fade), tr("Seconds to fade between videos and to black; 0 is a cut"))
        let spin = gtk_spin_button_new_with_range(0, Double(PresenterSettings.longestFadeMs) / 1000, 0.1)!
        gtk_spin_button_set_digits(gcast(spin), 1)
        gtk_spin_button_set_value(gcast(spin), Double(settings.fadeMs) / 1000)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        Widgets.setAccessibleName(spin, tr("Fade duration in seconds"))
        adw_action_row_add_suffix(gcast(fade), spin)
        connections.append(
            Signal.connect(spin, "value-changed") { [unowned self] in
                let value = gtk_spin_button_get_value(gcast(spin))
                update { $0.presenter.fadeMs = MediaTime.milliseconds(seconds: value) }
            })
        adw_preferences_group_add(gcast(group), fade)

        let end = combo(
            tr("At the end of a video"), Self.endLookChoices.map(\.1),
            selected: Self.endLookChoices.firstIndex { $0.0 == settings.endLook } ?? 0
        ) { [unowned self] index in update { $0.presenter.endLook = Self.endLookChoices[index].0 } }
        adw_action_row_set_subtitle(gcast(end), tr("What the presentation screen shows until the next video"))
        adw_preferences_group_add(gcast(group), end)

        let sound = combo(
            tr("Sound while the screen is black or white"), Self.coverSoundChoices.map(\.1),
            selected: Self.coverSoundChoices.firstIndex { $0.0 == settings.coverSound } ?? 0
        ) { [unowned self] index in update { $0.presenter.coverSound = Self.coverSoundChoices[index].0 } }
        adw_preferences_group_add(gcast(group), sound)
        return group
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The video's "Audio output" menu: "Follow the screen", the system default and every output by its description, the
/// choice in force checked. The same controls serve as the presenter panel while the video is on another screen.
@MainActor
final class AudioMenu {
    /// The menu button for the control bar.
    let button: Widget
    private let list: Widget
    private let onChoose: @MainActor (AudioChoice) -> Void
    private var entries: [(choice: AudioChoice, title: String, button: Widget)] = []
    private var connections: [SignalConnection] = []
    private var shown: (current: AudioChoice, outputs: [AudioOutput])?

    /// Builds the menu with only "Follow the screen" and the default; `onChoose` receives what the user picks.
    init(onChoose: @escaping @MainActor (AudioChoice) -> Void) {
        self.onChoose = onChoose
        (button, list) = Widgets.popoverList(icon: "audio-speakers-symbolic", name: tr("Audio output"), tooltip: tr("Audio output"))
        update(current: .follow, outputs: [])
    }

    /// Lists `outputs` and checks `current`; rebuilt only when either changed.
    func update(current: AudioChoice, outputs: [AudioOutput]) {
        if let shown, shown.current == current, shown.outputs == outputs { return }
        shown = (current, outputs)
        for entry in entries { gtk_box_remove(gcast(list), entry.button) }
        entries = []
        connections = []
        let items =
            [(AudioChoice.follow, tr("Follow the screen")), (.systemDefault, tr("System default"))]
            + outputs.map { (AudioChoice.output($0.name), $0.description) }
        for (choice, title) in items {
            let entry = gtk_button_new_with_label(title)!
            gtk_widget_add_css_class(entry, "flat")
            connections.append(
                Signal.connect(entry, "clicked") { [button, onChoose] in
                    gtk_menu_button_popdown(gcast(button))
                    onChoose(choice)
                })
            Widgets.append(list, entry)
            entries.append((choice, title, entry))
        }
        for entry in entries {
            gtk_button_set_label(gcast(entry.button), (entry.choice == current ? "✓ " : "    ") + entry.title)
        }
    }
}

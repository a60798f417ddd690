import CGtk
import VideoToyGObject

/// The application's menu actions (`app.open-folder` and the rest) and the main menu that offers them.
@MainActor
final class AppActions {
    /// One entry of the main menu.
    struct Entry {
        /// The action's name, without the `app.` prefix.
        let name: String
        /// The menu label.
        let label: String
        /// Shown beside the label; the keys themselves are handled by `KeyBindings`.
        let accelerator: String?
        /// What it does.
        let run: @MainActor () -> Void
    }

    private var connections: [SignalConnection] = []

    /// Adds every entry's action to `application` and fills `menu`, one section per group.
    init(application: UnsafeMutablePointer<GtkApplication>, menu: OpaquePointer, sections: [[Entry]]) {
        for entries in sections {
            let section = g_menu_new()!
            for entry in entries {
                let action = g_simple_action_new(entry.name, nil)!
                connections.append(Signal.connectIgnoringArgument(graw(action), "activate", entry.run))
                g_action_map_add_action(OpaquePointer(application), action)
                g_object_unref(graw(action))
                g_menu_append(section, entry.label, "app.\(entry.name)")
                if let accelerator = entry.accelerator {
                    var accelerators: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(accelerator)), nil]
                    gtk_application_set_accels_for_action(application, "app.\(entry.name)", &accelerators)
                    free(UnsafeMutablePointer(mutating: accelerators[0]))
                }
            }
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(section))
            g_object_unref(graw(section))
        }
    }
}

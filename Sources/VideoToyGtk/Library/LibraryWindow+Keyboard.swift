import CGtk
import VideoToyCore
import VideoToyGObject

/// The keyboard: key names go through the core's `KeyBindings`, and the commands are carried out here.
extension LibraryWindow {
    func handleKey(_ keyval: UInt32, modifiers: UInt32, inVideoWindow: Bool = false) -> Bool {
        guard let name = gdk_keyval_name(keyval).map({ String(cString: $0) }),
            let command = KeyBindings.command(
                for: name, control: modifiers & GDK_CONTROL_MASK.rawValue != 0,
                inVideoWindow: inVideoWindow, typingInSearch: header.isTyping)
        else { return false }
        if let current = controller.currentItem { videos[current]?.noteInput() }
        switch command {
        case .quit:
            onQuit(0)
        case .showShortcuts:
            ShortcutsWindow.present(over: window)
        case .search:
            header.startSearch()
        case .openFolder:
            g_action_group_activate_action(OpaquePointer(application), "open-folder", nil)
        case .preferences:
            showPreferences()
        case .select(let move):
            // Moving the selection here works wherever the keyboard focus is (a scene may have taken it).
            rows.finishGrowth()
            let count = Int(g_list_model_get_n_items(rows.model))
            let selected = gtk_single_selection_get_selected(rows.selection)
            let current = selected == GTK_INVALID_LIST_POSITION ? nil : Int(selected)
            guard let index = move.target(from: current, count: count, rowsPerPage: rows.rowsPerPage) else { return false }
            rows.select(index)
        case .playSelected, .togglePlay, .video:
            return controller.perform(command, inVideoWindow: inVideoWindow, selected: selectedOrFirst())
        }
        return true
    }

    private func selectedOrFirst() -> ItemID? {
        var position = gtk_single_selection_get_selected(rows.selection)
        if position == GTK_INVALID_LIST_POSITION {
            // Nothing chosen yet: Enter plays the first video.
            guard g_list_model_get_n_items(rows.model) > 0 else { return nil }
            position = 0
            rows.select(0)
        }
        return controller.id(at: Int(position))
    }
}

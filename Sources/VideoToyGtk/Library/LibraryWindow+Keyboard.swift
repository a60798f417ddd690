import CGtk
import VideoToyCore
import VideoToyGObject

/// The keyboard: key names go through the core's `KeyBindings`, and the commands are carried out here.
extension LibraryWindow {
    func handleKey(_ keyval: UInt32, modifiers: UInt32, inVideoWindow: Bool = false) -> Bool {
        // The show's list moves its own focus and takes Return and Delete; the clicker's keys still reach the core.
        if showPane.hasFocus, ShowPane.isListKey(keyval, modifiers: modifiers) { return false }
        let presenter = controller.presenterView
        guard let name = gdk_keyval_name(keyval).map({ String(cString: $0) }),
            let command = KeyBindings.command(
                for: name, control: modifiers & GDK_CONTROL_MASK.rawValue != 0,
                inVideoWindow: inVideoWindow, typingInSearch: header.isTyping,
                shift: modifiers & GDK_SHIFT_MASK.rawValue != 0, presenting: presenter.presenting,
                showRunning: presenter.show.running)
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
            guard rows.count > 0 else { return false }
            controller.moveSelection(move, rowsPerPage: rows.rowsPerPage)
        case .playSelected, .togglePlay, .video, .presenter:
            return controller.perform(command, inVideoWindow: inVideoWindow, selected: controller.selectedOrFirst())
        }
        return true
    }
}

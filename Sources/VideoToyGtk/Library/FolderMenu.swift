import CGtk
import Foundation
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The main menu's library folders: "Open Recent" offers folders opened before, "Remove from Library" the folders
/// (and files added one by one) listed now.
///
/// Two application actions with a folder's path as their target back it, `app.open-recent` and `app.remove-folder`;
/// the section is rebuilt whenever the controller announces that the folders changed.
@MainActor
final class FolderMenu {
    /// The menu section, to insert into the main menu.
    let section: OpaquePointer
    private let openRecent: OpaquePointer
    private let remove: OpaquePointer
    private var connections: [SignalConnection] = []

    /// Adds the actions to `application`; `open` receives a recent folder to open again, `removeFolder` a folder to
    /// take out of the library.
    init(
        application: UnsafeMutablePointer<GtkApplication>, open: @escaping @MainActor (String) -> Void,
        removeFolder: @escaping @MainActor (String) -> Void
    ) {
        section = g_menu_new()!
        let stringType = g_variant_type_new("s")
        openRecent = g_simple_action_new("open-recent", stringType)
        remove = g_simple_action_new("remove-folder", stringType)
        g_variant_type_free(stringType)
        for action in [openRecent, remove] { g_action_map_add_action(OpaquePointer(application), action) }
        connections.append(
            Signal.connectObject(graw(openRecent), "activate") { value in
                open(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
            })
        connections.append(
            Signal.connectObject(graw(remove), "activate") { value in
                removeFolder(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
            })
    }

    /// Shows `folders`: each submenu only when it has something to offer.
    func show(_ folders: LibraryFolders) {
        g_menu_remove_all(section)
        let home = ProcessInfo.processInfo.environment["HOME"]
        let recent = folders.recentOutsideLibrary
        if !recent.isEmpty {
            append(submenu: tr("Open _Recent"), folders: recent, action: "app.open-recent", home: home)
        }
        if !folders.roots.isEmpty {
            append(submenu: tr("Re_move from Library"), folders: folders.roots, action: "app.remove-folder", home: home)
        }
    }

    private func append(submenu label: String, folders: [String], action: String, home: String?) {
        let submenu = g_menu_new()!
        for folder in folders {
            // An underscore in a folder's name is text, not a mnemonic.
            let text = LibraryFolders.label(for: folder, home: home).replacingOccurrences(of: "_", with: "__")
            let item = g_menu_item_new(text, nil)!
            g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(folder))
            g_menu_append_item(submenu, item)
            g_object_unref(graw(item))
        }
        g_menu_append_submenu(section, label, UnsafeMutablePointer<GMenuModel>(submenu))
        g_object_unref(graw(submenu))
    }
}

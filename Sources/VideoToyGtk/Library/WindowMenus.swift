import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The main window's menus: the main menu and its actions, the library folders in it, the sort menu and the
/// external screen chooser, kept in line with what the controller publishes.
@MainActor
final class WindowMenus {
    /// What a menu entry asks the window to do.
    enum Command {
        /// Choose a folder to add.
        case openFolder
        /// Choose files to add.
        case addFiles
        /// Show the keyboard shortcuts.
        case shortcuts
        /// Open the Preferences window.
        case preferences
        /// Show the About window.
        case about
        /// Show the remote control's pairing dialog.
        case remoteControl
        /// Add the selected video to the show.
        case addToShow
        /// Open a folder opened before.
        case openRecent(String)
        /// Take a folder out of the library.
        case removeFolder(String)
    }

    /// Carries commands from entries made before the window exists to the window's handler.
    private final class Relay {
        var handler: (@MainActor (Command) -> Void)?
    }

    private let relay = Relay()
    private let actions: AppActions
    private let folderMenu: FolderMenu
    private let sortMenu: SortMenu
    private let screenMenu: ScreenMenu
    private let presenterActions: PresenterActions
    /// "Remote Control…", offered only while the remote listens.
    private var remoteAction: OpaquePointer?
    /// What the controller published last: only the menus whose part changed are rebuilt.
    private var shown = AppSnapshot()

    /// Adds the actions to `application` and fills the buttons of `layout`; the sort and screen menus speak to
    /// `controller` directly.
    init(application: UnsafeMutablePointer<GtkApplication>, controller: AppController, layout: MainLayout) {
        let relay = relay
        let mainMenu = g_menu_new()!
        screenMenu = ScreenMenu(
            button: layout.screensButton, onChoose: { [controller] id in controller.chooseScreen(id) },
            onFollow: { [controller] id, on in controller.setFollows(id, on) })
        screenMenu.addAction(to: application) { [controller] name in controller.chooseScreen(named: name) }
        screenMenu.addSwapAction(to: application) { [controller] in controller.perform(.swapScreens) }
        presenterActions = PresenterActions(application: application, controller: controller)
        sortMenu = SortMenu(button: layout.sortButton, application: application, sort: controller.snapshot.sort) { [controller] sort in
            controller.sortRows(sort)
        }
        gtk_menu_button_set_menu_model(gcast(layout.menuButton), UnsafeMutablePointer<GMenuModel>(mainMenu))
        actions = AppActions(
            application: application, menu: mainMenu,
            sections: [
                [
                    .init(name: "open-folder", label: tr("_Open Folder…"), accelerator: "<Control>o") { relay.handler?(.openFolder) },
                    .init(name: "add-files", label: tr("Add _Files…"), accelerator: nil) { relay.handler?(.addFiles) },
                ],
                [
                    // Insert and + do the same through the core's keys, which stay out of the search entry's way.
                    .init(name: "add-to-show", label: tr("Add to _Show"), accelerator: nil) { relay.handler?(.addToShow) },
                    .init(name: "remote-control", label: tr("_Remote Control…"), accelerator: nil) { relay.handler?(.remoteControl) },
                ],
                [
                    .init(name: "shortcuts", label: tr("_Keyboard Shortcuts"), accelerator: "<Control>question") {
                        relay.handler?(.shortcuts)
                    },
                    .init(name: "preferences", label: tr("_Preferences"), accelerator: "<Control>comma") { relay.handler?(.preferences) },
                    .init(name: "about", label: tr("_About VideoToy"), accelerator: nil) { relay.handler?(.about) },
                ],
            ])
        folderMenu = FolderMenu(
            application: application, open: { folder in relay.handler?(.openRecent(folder)) },
            removeFolder: { folder in relay.handler?(.removeFolder(folder)) })
        g_menu_insert_section(mainMenu, 1, nil, UnsafeMutablePointer<GMenuModel>(folderMenu.section))
        remoteAction = g_action_map_lookup_action(OpaquePointer(application), "remote-control")
        setRemoteEnabled(false)
    }

    /// Receives what the user chose in a menu.
    var onCommand: (@MainActor (Command) -> Void)? {
        get { relay.handler }
        set { relay.handler = newValue }
    }

    /// Enables "Swap Screens" in the screen menu when a monitor shows the scene.
    func setSwapEnabled(_ enabled: Bool) {
        screenMenu.setSwapEnabled(enabled)
    }

    /// Offers "Remote Control…" or greys it out.
    private func setRemoteEnabled(_ on: Bool) {
        guard let remoteAction else { return }
        g_simple_action_set_enabled(gcast(graw(remoteAction)), on ? 1 : 0)
    }

    /// Brings the menus up to date with what the controller published: only the parts that changed are rebuilt.
    func render(_ snapshot: AppSnapshot) {
        let before = shown
        shown = snapshot
        if snapshot.folders != before.folders { folderMenu.show(snapshot.folders) }
        if snapshot.screens != before.screens {
            screenMenu.update(screens: snapshot.screens.external, current: snapshot.screens.chosen, followed: snapshot.screens.followed)
        }
        if snapshot.remote.listening != before.remote.listening { setRemoteEnabled(snapshot.remote.listening) }
    }
}

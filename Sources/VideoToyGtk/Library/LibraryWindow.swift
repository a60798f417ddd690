import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The main window: header, pages, notices, actions and menus, around the list of rows and the video views.
///
/// What the controller asks of the window goes to `WindowPresenter`, the external scenes to `SceneStage`; the
/// monitors and display modes are watched by a `ScreenWatch` made outside it.
@MainActor
public final class LibraryWindow {
    let application: UnsafeMutablePointer<GtkApplication>
    let controller: AppController
    /// The main window widget.
    let window: Widget
    let header: MainHeader
    private let pages: LibraryPages
    private let presenter: WindowPresenter
    private let stage: SceneStage
    private let menus: WindowMenus
    private let panel: PresenterPanel
    /// The pairing dialog, the header's phone count and the phones' notices.
    private let remote: RemotePairing
    /// The Preferences window while it is open: it shows the remote's state as it changes.
    private weak var preferencesWindow: PreferencesWindow?
    /// The show's list at the right of the library list.
    let showPane: ShowPane
    private var connections: [SignalConnection] = []
    let onQuit: @MainActor (Int32) -> Void
    /// Called for every input event the window receives, before any widget handles it.
    public var onInput: (@MainActor () -> Void)?
    /// Receives the paths of files and folders the user opened: dropped on the window, or chosen in a file chooser.
    public var onOpen: (@MainActor ([String]) -> Void)?
    /// The Preferences window's choices, as shown when it opens.
    public var preferences = Preferences()
    /// Receives the preferences after each change in the Preferences window.
    public var onPreferences: (@MainActor (Preferences) -> Void)?

    /// Builds the window for `application`, placing scenes on the monitors `screens` watches; `onQuit` ends the
    /// application with a status.
    public init(
        application: UnsafeMutableRawPointer, controller: AppController, screens: ScreenWatch, controls: ControlStyle = .embedded,
        debug: Bool = false, size: PixelSize? = nil, onQuit: @escaping @MainActor (Int32) -> Void
    ) {
        self.application = gcast(application)
        self.controller = controller
        self.onQuit = onQuit
        Style.install()
        window = adw_application_window_new(gcast(application))
        gtk_window_set_title(gcast(window), "VideoToy")
        gtk_window_set_default_size(gcast(window), Int32(size?.width ?? 1000), Int32(size?.height ?? 720))
        let layout = MainLayout.build(into: window)
        header = MainHeader(layout: layout)
        pages = LibraryPages(layout: layout)
        menus = WindowMenus(application: self.application, controller: controller, layout: layout)
        showPane = ShowPane(application: self.application, controller: controller, window: window)
        showPane.attach(beside: layout.toasts, headerBar: layout.headerBar)
        stage = SceneStage(application: self.application, screens: screens, window: window)
        let videos = VideoViews(
            application: self.application, controller: controller, window: window, stage: stage, controls: controls, debug: debug)
        panel = PresenterPanel(controller: controller, videos: videos)
        gtk_box_insert_child_after(gcast(layout.content), panel.root, layout.searchBar)
        videos.onProgress = { [panel] id, progress in panel.showProgress(for: id, progress) }
        let rows = RowList(controller: controller, header: header, pages: pages, videos: videos, scroller: layout.scroller, window: window)
        presenter = WindowPresenter(rows: rows, videos: videos, pages: pages, onQuit: onQuit)
        remote = RemotePairing(window: window, headerBar: layout.headerBar) { [pages] notice in pages.showNotice(notice.text()) }
        remote.onChange = { [unowned self] view in preferencesWindow?.showRemote(view) }

        connectInput()
        menus.onCommand = { [unowned self] command in perform(command) }
        header.onSearch = { [unowned self] text in self.rows.search(text) }
        header.captureTyping(in: window)
        videos.onKey = { [unowned self] keyval, modifiers, inVideoWindow in
            handleKey(keyval, modifiers: modifiers, inVideoWindow: inVideoWindow)
        }
        stage.onKey = { [unowned self] keyval, modifiers in handleKey(keyval, modifiers: modifiers) }
        controller.attach(presenter)
        controller.attach(scenes: stage)
        controller.observe { [unowned self] snapshot in render(snapshot) }
        // The window's default size follows the user's resizing: rows stack their labels under the video when narrow.
        connections.append(Signal.notify(window, "default-width") { [unowned self] in self.rows.arrange(forWidth: self.size.width) })
        rows.arrange(forWidth: self.size.width)
    }

    /// The list of rows.
    var rows: RowList { presenter.rows }

    /// The live video views.
    var videos: VideoViews { presenter.videos }

    /// Brings the menus, the views' audio menus and the presentation screens up to date with what the controller
    /// published.
    private func render(_ snapshot: AppSnapshot) {
        rows.render(snapshot.rows)
        menus.render(snapshot)
        videos.render(snapshot)
        panel.render(snapshot)
        showPane.render(snapshot.presenter)
        stage.render(snapshot)
        menus.setSwapEnabled(stage.showsScene)
        remote.render(snapshot.remote)
    }

    private func perform(_ command: WindowMenus.Command) {
        switch command {
        case .openFolder: choose(.folder)
        case .addFiles: choose(.files)
        case .shortcuts: ShortcutsWindow.present(over: window)
        case .preferences: showPreferences()
        case .about: AboutWindow.present(over: window)
        case .remoteControl: remote.showDialog()
        case .addToShow: controller.perform(.addToShow, selected: controller.selectedOrFirst())
        case .openRecent(let folder): onOpen?([folder])
        case .removeFolder(let folder): removeFolder(folder)
        }
    }

    /// The window's current size, to remember for next time.
    public var size: PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gcast(window), &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(gcast(window))
    }

    /// Calls `body` once the window has painted its first frame (or after two seconds, should it never paint, as
    /// when it starts minimised): styling and laying out every widget the first time is start-up, not a stall.
    public func afterFirstFrame(_ body: @escaping @MainActor () -> Void) {
        _ = NextFrame.after(window, fallbackMs: 2000, body)
    }

    /// Shows a message in place of the list (for an empty library or a scan problem).
    public func showMessage(_ text: String, title: String = tr("No Videos Found")) {
        pages.showMessage(text, title: title)
    }

    /// Shows a short notice over the list for a few seconds ("Playing on LG TV").
    public func showNotice(_ notice: Notice) {
        pages.showNotice(notice.text())
    }

    /// Takes `folder` out of the library, with a notice whose Undo opens it again.
    private func removeFolder(_ folder: String) {
        controller.removeFolder(folder)
        pages.showNotice(Notice.removedFolder(name: LibraryFolders.name(of: folder)).text(), undo: "app.open-recent", target: folder)
    }

    /// Opens the Preferences window; its changes apply at once (the control style to videos started later).
    func showPreferences() {
        // The window keeps itself alive until it is destroyed (its destroy handler holds it); this is only a look.
        let shown = PreferencesWindow(
            over: window, preferences: preferences, scaling: videos.shown.scaling, remote: remote.shown,
            onChange: { [unowned self] changed in
                preferences = changed
                videos.controls = changed.controls
                onPreferences?(changed)
            }, onScaling: { [controller] mode in controller.setScaling(mode) }, onPairing: { [unowned self] in remote.showDialog() })
        preferencesWindow = shown
    }

    private func choose(_ kind: FileChooser.Kind) {
        FileChooser.present(kind, over: window) { [unowned self] paths in onOpen?(paths) }
    }

    private func connectInput() {
        let any = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(any, GTK_PHASE_CAPTURE)
        connections.append(
            Signal.event(graw(any)) { [unowned self] event in
                if UserInput.isUserInput(gdk_event_get_event_type(event)) { onInput?() }
                return false
            })
        gtk_widget_add_controller(window, any)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connections.append(
            Signal.keyPressed(graw(keys)) { [unowned self] keyval, modifiers in
                handleKey(keyval, modifiers: modifiers)
            })
        gtk_widget_add_controller(window, keys)
        let drop = gtk_drop_target_new(vt_file_list_type(), GDK_ACTION_COPY)!
        connections.append(
            Signal.drop(graw(drop)) { [unowned self] value in
                guard let list = vt_dropped_paths(value.assumingMemoryBound(to: GValue.self)) else { return false }
                defer { g_strfreev(list) }
                var paths: [String] = []
                var index = 0
                while let path = list[index] { paths.append(PathBytes.decode(cString: path)); index += 1 }
                onOpen?(paths)
                return !paths.isEmpty
            })
        gtk_widget_add_controller(window, drop)
        connections.append(
            Signal.connectBool(window, "close-request") { [unowned self] in
                onQuit(0)
                return false
            })
    }

}

import CGtk
import VideoToyCore
import VideoToyGObject

/// The main window: a recycled list of rows, one video per row, and the home of every video view.
@MainActor
public final class LibraryWindow: LibraryPresenter {
    let application: UnsafeMutablePointer<GtkApplication>
    let controller: AppController
    /// The main window widget.
    let window: Widget
    let header: MainHeader
    private let sortMenu: SortMenu
    let stack: Widget
    private let emptyPage: Widget
    private let toasts: Widget
    private var actions: AppActions!
    private var folderMenu: FolderMenu!
    let model: OpaquePointer
    let selection: OpaquePointer
    let listView: Widget
    private var rows: [UnsafeMutableRawPointer: RowWidget] = [:]
    private var rowByID: [ItemID: RowWidget] = [:]
    var views: [ItemID: VideoView] = [:]
    var fullscreen: (id: ItemID, window: FullscreenWindow)?
    private var connections: [SignalConnection] = []
    let onQuit: @MainActor (Int32) -> Void
    /// Called for every input event the window receives, before any widget handles it.
    public var onInput: (@MainActor () -> Void)?
    /// Receives the paths of files and folders the user opened: dropped on the window, or chosen in a file chooser.
    public var onOpen: (@MainActor ([String]) -> Void)?
    var count = 0
    // The empty page says why (a scan's message) rather than the generic hint.
    private var showsMessage = false
    var revealing: ItemID?
    /// The video whose row the user selected, kept across searches and sorts (positions change, it does not).
    var selectedItem: ItemID?
    // Off while the rows are replaced, when position changes say nothing about the user's choice.
    var followingSelection = true
    private var arrangement = (RowArrangement.sideBySide, RowSlot.full)
    var revealTimer: SourceToken?
    /// Rows still to add after the next frame, and what cancels waiting for it.
    var growth: (count: Int, cancel: @MainActor () -> Void)?
    // Rows per batch after a frame, adapted to what the last batch cost.
    private var growthBatch = 2048
    var vadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var controls: ControlStyle
    /// The Preferences window's choices, as shown when it opens.
    public var preferences = Preferences()
    /// Receives the preferences after each change in the Preferences window.
    public var onPreferences: (@MainActor (Preferences) -> Void)?
    private let debug: Bool
    private var monitors: MonitorSource!
    var scenes: SceneManager!
    private var mainConnector: String?
    var screenMenu: ScreenMenu!
    /// What the controller published last: the menus and new video views are made from it.
    private var shown = AppSnapshot()

    /// Builds the window for `application`; `onQuit` ends the application with a status.
    public init(
        application: UnsafeMutableRawPointer, controller: AppController, controls: ControlStyle = .embedded,
        debug: Bool = false, size: PixelSize? = nil, modeSetter: Result<any DisplayModeSetter, ModeSettingUnavailable>? = nil,
        onQuit: @escaping @MainActor (Int32) -> Void
    ) {
        self.controls = controls
        self.debug = debug
        self.application = gcast(application)
        self.controller = controller
        self.onQuit = onQuit
        Style.install()
        window = adw_application_window_new(gcast(application))
        gtk_window_set_title(gcast(window), "VideoToy")
        gtk_window_set_default_size(gcast(window), Int32(size?.width ?? 1000), Int32(size?.height ?? 720))

        let menu = ScreenMenu { [controller] id in controller.chooseScreen(id) }
        let mainMenu = g_menu_new()!
        sortMenu = SortMenu(application: gcast(application), sort: controller.snapshot.sort) { [controller] sort in
            controller.sortRows(sort)
        }
        header = MainHeader(menu: mainMenu, screens: menu.button, sort: sortMenu.button)

        model = gtk_string_list_new(nil)
        selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "rich-list")
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), listView)
        vadjustment = gtk_scrolled_window_get_vadjustment(gcast(scroller))

        emptyPage = StatusPages.page(icon: "folder-videos-symbolic", title: "Looking for Videos…")
        let openButton = gtk_button_new_with_mnemonic("_Open Folder…")!
        gtk_actionable_set_action_name(gcast(openButton), "app.open-folder")
        Widgets.setAccessibleName(openButton, "Open Folder")
        gtk_widget_set_halign(openButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(openButton, "pill")
        gtk_widget_add_css_class(openButton, "suggested-action")
        adw_status_page_set_child(gcast(emptyPage), openButton)
        let noResults = StatusPages.page(
            icon: "edit-find-symbolic", title: "No Results Found",
            description: "Try a different search, or press Escape to see every video.")
        stack = gtk_stack_new()
        gtk_stack_add_named(gcast(stack), scroller, "list")
        gtk_stack_add_named(gcast(stack), emptyPage, "empty")
        gtk_stack_add_named(gcast(stack), noResults, "no-results")
        gtk_stack_set_visible_child_name(gcast(stack), "empty")
        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(gcast(toasts), stack)
        gtk_widget_set_vexpand(toasts, 1)
        let content = Widgets.box(vertical: true)
        Widgets.append(content, header.bar)
        Widgets.append(content, header.searchBar)
        Widgets.append(content, toasts)
        adw_application_window_set_content(gcast(window), content)

        connectFactory(factory)
        connectInput()
        if let adjustment = vadjustment {
            for signal in ["value-changed", "changed"] {
                connections.append(Signal.connect(UnsafeMutableRawPointer(adjustment), signal) { [unowned self] in reportVisibleRows() })
            }
        }
        screenMenu = menu
        actions = AppActions(
            application: self.application, menu: mainMenu,
            sections: [
                [
                    .init(name: "open-folder", label: "_Open Folder…", accelerator: "<Control>o") { [unowned self] in choose(.folder) },
                    .init(name: "add-files", label: "_Add Files…", accelerator: nil) { [unowned self] in choose(.files) },
                ],
                [
                    .init(name: "shortcuts", label: "_Keyboard Shortcuts", accelerator: "<Control>question") { [unowned self] in
                        ShortcutsWindow.present(over: window)
                    },
                    .init(name: "preferences", label: "_Preferences", accelerator: "<Control>comma") { [unowned self] in showPreferences()
                    },
                    .init(name: "about", label: "_About VideoToy", accelerator: nil) { [unowned self] in AboutWindow.present(over: window)
                    },
                ],
            ])
        folderMenu = FolderMenu(
            application: self.application, open: { [unowned self] folder in onOpen?([folder]) },
            removeFolder: { [unowned self] folder in removeFolder(folder) })
        g_menu_insert_section(mainMenu, 1, nil, UnsafeMutablePointer<GMenuModel>(folderMenu.section))
        header.onSearch = { [unowned self] text in search(text) }
        header.captureTyping(in: window)
        controller.attach(self)
        modeSupport = modeSetter ?? SessionProbe.randr()
        let modes = try? modeSupport.get()
        monitors = MonitorSource(modes: modes) { [unowned self] screens, correction in screensChanged(screens, correction) }
        scenes = SceneManager(application: self.application, monitors: monitors, modes: modes, unavailable: modeSupportNote ?? "")
        controller.attach(scenes: self)
        controller.observe { [unowned self] snapshot in render(snapshot) }
        connections.append(Signal.notify(window, "is-active") { [unowned self] in updateMainScreen() })
        connections.append(
            Signal.notify(UnsafeMutableRawPointer(selection), "selected") { [unowned self] in
                guard followingSelection else { return }
                let position = gtk_single_selection_get_selected(selection)
                selectedItem = position == GTK_INVALID_LIST_POSITION ? nil : controller.id(at: Int(position))
                controller.selected(selectedItem)
            })
        // The window's default size follows the user's resizing: rows stack their labels under the video when narrow.
        connections.append(Signal.notify(window, "default-width") { [unowned self] in arrangeRows() })
        arrangeRows()
    }

    private func arrangeRows() {
        let wanted = (RowArrangement.forWidth(size.width), RowSlot.forWidth(size.width))
        guard wanted != arrangement else { return }
        arrangement = wanted
        rows.values.forEach { $0.arrange(wanted.0, slot: wanted.1) }
    }

    /// Why display modes cannot be set in this session, if they cannot.
    public var modeSupportNote: String? {
        if case .failure(let reason) = modeSupport { return reason.reason }
        return nil
    }

    /// The API that sets display modes, or why there is none.
    public private(set) var modeSupport: Result<any DisplayModeSetter, ModeSettingUnavailable> = .failure(
        ModeSettingUnavailable("not probed"))

    /// Reports the current monitors to the controller; call once the window is shown.
    public func startWatchingScreens() {
        monitors.follow(window) { [unowned self] in updateMainScreen() }
        monitors.start()
    }

    private func screensChanged(_ screens: [VideoToyCore.Screen], _ correction: ScreenCorrection?) {
        updateMainScreen()
        controller.screensChanged(screens, correcting: correction)
    }

    /// Brings the menus up to date with what the controller published: only the parts that changed are rebuilt.
    private func render(_ snapshot: AppSnapshot) {
        let before = shown
        shown = snapshot
        if snapshot.folders != before.folders { folderMenu.show(snapshot.folders) }
        if snapshot.screens != before.screens {
            screenMenu.update(screens: snapshot.screens.external, current: snapshot.screens.chosen)
        }
        if snapshot.audio != before.audio {
            views.values.forEach { $0.showAudio(current: snapshot.audio.choice, outputs: snapshot.audio.outputs) }
        }
    }

    private func updateMainScreen() {
        guard let connector = monitors.connector(showing: window), connector != mainConnector else { return }
        mainConnector = connector
        controller.mainScreenChanged(connector: connector)
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
        _ = afterNextFrame(fallbackMs: 2000, body)
    }

    /// Runs `body` once the window has painted its next frame, or after `fallbackMs` if it paints none (hidden,
    /// minimised); returns what cancels it.
    func afterNextFrame(fallbackMs: UInt32, _ body: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        var done = false
        let once: @MainActor () -> Void = {
            guard !done else { return }
            done = true
            body()
        }
        var connection: SignalConnection?
        if let clock = gtk_widget_get_frame_clock(window) {
            connection = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                connection?.cancel()
                connection = nil
                once()
            }
        }
        let fallback = MainLoop.after(milliseconds: fallbackMs) {
            connection?.cancel()
            connection = nil
            once()
        }
        return {
            done = true
            connection?.cancel()
            connection = nil
            fallback.cancel()
        }
    }

    /// Shows a message in place of the list (for an empty library or a scan problem).
    public func showMessage(_ text: String, title: String = "No Videos Found") {
        adw_status_page_set_title(gcast(emptyPage), title)
        // The description is markup, and a path may hold & or <.
        let escaped = g_markup_escape_text(text, -1)
        defer { g_free(escaped) }
        adw_status_page_set_description(gcast(emptyPage), escaped)
        showsMessage = true
        gtk_stack_set_visible_child_name(gcast(stack), "empty")
    }

    /// Shows a short notice over the list for a few seconds ("Playing on LG TV").
    public func showNotice(_ text: String) {
        guard let toast = LibraryWindow.toast(text) else { return }
        adw_toast_overlay_add_toast(gcast(toasts), toast)
    }

    /// A toast saying `text`; its title is markup, so a name with "&" or "<" is escaped first.
    private static func toast(_ text: String) -> OpaquePointer? {
        guard let escaped = g_markup_escape_text(text, -1) else { return nil }
        defer { g_free(escaped) }
        return adw_toast_new(escaped)
    }

    /// Takes `folder` out of the library, with a notice whose Undo opens it again.
    private func removeFolder(_ folder: String) {
        controller.removeFolder(folder)
        guard let toast = LibraryWindow.toast("Removed “\(LibraryFolders.name(of: folder))” from the library") else { return }
        adw_toast_set_button_label(toast, "_Undo")
        adw_toast_set_action_name(toast, "app.open-recent")
        adw_toast_set_action_target_value(toast, g_variant_new_string(folder))
        adw_toast_overlay_add_toast(gcast(toasts), toast)
    }

    /// Opens the Preferences window; its changes apply at once (the control style to videos started later).
    func showPreferences() {
        _ = PreferencesWindow(
            over: window, preferences: preferences, scaling: shown.scaling,
            onChange: { [unowned self] changed in
                preferences = changed
                controls = changed.controls
                onPreferences?(changed)
            }, onScaling: { [controller] mode in controller.setScaling(mode) })
    }

    private func choose(_ kind: FileChooser.Kind) {
        FileChooser.present(kind, over: window) { [unowned self] paths in onOpen?(paths) }
    }

    private func connectFactory(_ factory: OpaquePointer) {
        let raw = graw(factory)
        connections.append(
            Signal.connectObject(raw, "setup") { [unowned self] item in
                let row = RowWidget()
                row.arrange(arrangement.0, slot: arrangement.1)
                rows[item] = row
                gtk_list_item_set_child(gcast(item), row.root)
                let click = gtk_gesture_click_new()!
                Signal.pressed(graw(click)) { [unowned self, unowned row] _, x, y in
                    guard let id = row.id else { return }
                    // Clicks on a live view's own controls belong to the view, not to the row; a pre-rolled view is
                    // in no row yet, so a click on its poster plays it.
                    if controller.player(id) != nil, let picked = gtk_widget_pick(row.root, x, y, GTK_PICK_DEFAULT),
                        picked == row.slot || gtk_widget_is_ancestor(picked, row.slot) != 0
                    {
                        return
                    }
                    controller.activate(id)
                }
                gtk_widget_add_controller(row.root, click)
            })
        connections.append(
            Signal.connectObject(raw, "bind") { [unowned self] item in
                guard let row = rows[item] else { return }
                let position = Int(gtk_list_item_get_position(gcast(item)))
                guard let id = controller.id(at: position) else { return }
                bind(row, to: id)
            })
        connections.append(
            Signal.connectObject(raw, "unbind") { [unowned self] item in
                guard let row = rows[item], let id = row.id else { return }
                if rowByID[id] === row { rowByID[id] = nil }
                controller.rowHidden(id)
                row.unbind()
            })
        connections.append(
            Signal.connectObject(raw, "teardown") { [unowned self] item in
                rows[item] = nil
            })
    }

    /// Rows added at once before the next frame; the rest follow it. A screenful on a 4K monitor is under 15 rows.
    static let rowsBeforeFrame = 32

    /// How long one batch of rows may take to go into the list after a frame, well inside the 50 ms a stall is.
    static let growthBudgetMs = 8.0

    /// Makes the list model `count` items long; its items only stand for positions, so they all hold one empty
    /// string (no text made per row).
    private func resizeModel(to count: Int) {
        let old = Int(g_list_model_get_n_items(model))
        if count < old {
            gtk_string_list_splice(model, guint(count), guint(old - count), nil)
        } else if count > old {
            LibraryWindow.emptyStrings(count - old) { gtk_string_list_splice(model, guint(old), 0, $0) }
        }
        self.count = count
    }

    /// Calls `body` with a NULL-terminated array of `count` empty C strings.
    static func emptyStrings(_ count: Int, _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void) {
        let empty: UnsafePointer<CChar> = UnsafeRawPointer(StaticString("").utf8Start).assumingMemoryBound(to: CChar.self)
        var pointers = [UnsafePointer<CChar>?](repeating: empty, count: count + 1)
        pointers[count] = nil
        pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// Adds the next batch of held-back rows, sized so that it takes about `growthBudgetMs`, and waits for the next
    /// frame before the one after: 100,000 rows go in over a few dozen frames, and the window never stalls.
    private func growStep() {
        guard let pending = growth else { return }
        let target = min(pending.count, count + growthBatch)
        let started = ContinuousClock.now
        followingSelection = false
        resizeModel(to: target)
        followingSelection = true
        let elapsed = started.duration(to: .now).components
        let ms = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        if ms > 0.5 {
            let perRow = ms / Double(max(1, growthBatch))
            growthBatch = min(50_000, max(256, Int(LibraryWindow.growthBudgetMs / perRow)))
        } else {
            growthBatch = min(50_000, growthBatch * 2)
        }
        guard target < pending.count else {
            growth = nil
            followingSelection = false
            restoreSelection()
            followingSelection = true
            return
        }
        growth = (pending.count, afterNextFrame(fallbackMs: 16) { [weak self] in self?.growStep() })
    }

    /// Adds every row held back for later now, if any, and puts the selection back on its video.
    func finishGrowth() {
        guard let pending = growth else { return }
        pending.cancel()
        growth = nil
        followingSelection = false
        defer { followingSelection = true }
        resizeModel(to: pending.count)
        restoreSelection()
    }

    /// Binds every row that has a widget to the item now at its position.
    private func rebindRows() {
        for (item, row) in rows {
            let position = gtk_list_item_get_position(gcast(item))
            guard position != GTK_INVALID_LIST_POSITION, let id = controller.id(at: Int(position)) else { continue }
            bind(row, to: id)
        }
    }

    private func bind(_ row: RowWidget, to id: ItemID) {
        if let previous = row.id, rowByID[previous] === row { rowByID[previous] = nil }
        rowByID[id] = row
        if let model = controller.row(for: id) { row.show(model) }
        row.releasePanel()
        guard let view = views[id] else { return row.releaseVideo() }
        switch controller.placement(of: id) {
        case .row?: row.embed(view.root.typed())
        case .screen?: row.releaseVideo(); row.embedPanel(view.lendControls())
        default: row.releaseVideo()
        }
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
        connections.append(
            Signal.connectUInt(listView, "activate") { [unowned self] position in
                if let id = controller.id(at: Int(position)) { controller.activate(id) }
            })
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

    // MARK: LibraryPresenter

    public func showLibrary(count: Int) {
        // The model's items only stand for positions (rows ask the controller what is at theirs), so only the
        // difference in length is spliced; the rows kept are told to bind again, which GTK does for those on screen.
        // Rebuilding 10,000 items on every search keystroke cost about 100 ms.
        growth?.cancel()
        growth = nil
        let old = Int(g_list_model_get_n_items(model))
        // GTK builds a widget for each of the ~200 rows it keeps around the visible ones as soon as they exist
        // (about 0.1 ms each); a frame needs only those on screen, which lie within the old rows and a screenful
        // after them. The rest go in once that frame is painted.
        let now = count > old + LibraryWindow.rowsBeforeFrame ? old + LibraryWindow.rowsBeforeFrame : count
        resizeModel(to: now)
        // Only rows with widgets show anything, so they alone are bound again. Telling GTK that all the kept items
        // changed made it drop and re-add every one of them: 80-220 ms for a keystroke that kept 10,000 rows.
        rebindRows()
        if now < count {
            let cancel = afterNextFrame(fallbackMs: 100) { [weak self] in self?.growStep() }
            growth = (count, cancel)
        }
        header.setSubtitle(count == 1 ? "1 video" : "\(count) videos")
        gtk_stack_set_visible_child_name(gcast(stack), count > 0 ? "list" : "empty")
        if count == 0 && !showsMessage {
            adw_status_page_set_title(gcast(emptyPage), "No Videos Found")
            adw_status_page_set_description(gcast(emptyPage), "Open a folder, or drop videos here.")
        }
    }

    public func insertRows(at positions: [Int], count: Int) {
        finishGrowth()
        // One splice per run of adjacent rows, first to last: each run's positions are final once those before it
        // are in, and the selection model moves the selected row down past every insertion before it.
        var runs: [(start: Int, length: Int)] = []
        for position in positions {
            if let last = runs.last, last.start + last.length == position {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((position, 1))
            }
        }
        for run in runs {
            LibraryWindow.emptyStrings(run.length) { gtk_string_list_splice(model, guint(run.start), 0, $0) }
        }
        self.count = Int(g_list_model_get_n_items(model))
        header.setSubtitle(self.count == 1 ? "1 video" : "\(self.count) videos")
        if self.count > 0 { gtk_stack_set_visible_child_name(gcast(stack), "list") }
        if self.count != count { showLibrary(count: count) }
    }

    private func reportVisibleRows() {
        guard let adjustment = vadjustment, count > 0 else { return }
        let upper = gtk_adjustment_get_upper(adjustment)
        guard upper > 0 else { return }
        // Rows share one height, so positions follow from the scroll offset.
        let rowHeight = upper / Double(count)
        let first = Int(gtk_adjustment_get_value(adjustment) / rowHeight)
        let last = Int((gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)) / rowHeight) + 1
        controller.rowsVisible(max(0, first)..<min(count, max(first + 1, last)))
    }

    public func showProbeProgress(done: Int, total: Int) {
        let videos = count == 1 ? "1 video" : "\(count) videos"
        header.setSubtitle(done >= total ? videos : "\(videos) · reading \(done) of \(total)")
    }

    public func refreshRow(_ id: ItemID) {
        guard let row = rowByID[id], row.id == id, let model = controller.row(for: id) else { return }
        row.show(model)
    }

    public func makeVideoView(for id: ItemID, title: String) -> VideoOutput {
        if let view = views[id] { return view.surface }
        let view = VideoView(id: id, title: title, style: controls, debug: debug, scaling: shown.scaling) { [unowned self] intent in
            controller.intent(id, intent)
        }
        view.onResize = { [unowned self] width, height in controller.viewResized(id, width: width, height: height) }
        view.showAudio(current: shown.audio.choice, outputs: shown.audio.outputs)
        if let menu = controller.trackMenu(id) { view.showTracks(menu) }
        views[id] = view
        return view.surface
    }

    public func dropVideoView(for id: ItemID) {
        guard let view = views.removeValue(forKey: id) else { return }
        if fullscreen?.id == id { closeFullscreen() }
        rowByID[id]?.releaseVideo()
        view.tearDown()
    }

    public func placeVideoView(for id: ItemID, at placement: ViewPlacement) {
        guard let view = views[id] else { return }
        let widget: Widget = view.root.typed()
        view.surface.notifyNextFrame { [unowned self] in controller.viewShowedFrame(id, at: placement) }
        switch placement {
        case .row:
            if fullscreen?.id == id { closeFullscreen() }
            view.setFullscreenIcon(false)
            rowByID[id]?.releasePanel()
            view.reclaimControls()
            if let row = rowByID[id], row.id == id { row.embed(widget) } else { Widgets.unparent(widget) }
        case .fullscreen:
            if fullscreen != nil { closeFullscreen() }
            rowByID[id]?.releaseVideo()
            let monitor = gtk_native_get_surface(OpaquePointer(window)).flatMap {
                gdk_display_get_monitor_at_surface(gtk_widget_get_display(window), $0)
            }
            let win = FullscreenWindow(
                application: application, monitor: monitor, title: "VideoToy",
                onLeave: { [unowned self] in
                    controller.intent(id, .leaveFullscreen)
                }, onKey: { [unowned self] keyval, modifiers in handleKey(keyval, modifiers: modifiers, inVideoWindow: true) })
            win.show(widget)
            view.setFullscreenIcon(true)
            fullscreen = (id, win)
        case .screen(let connector):
            if fullscreen?.id == id { closeFullscreen() }
            rowByID[id]?.releaseVideo()
            let controls = view.lendControls()
            if let row = rowByID[id], row.id == id { row.embedPanel(controls) } else { Widgets.unparent(controls) }
            if !scenes.show(widget, onConnector: connector) { Widgets.unparent(widget) }
        }
    }

    private func closeFullscreen() {
        guard let current = fullscreen else { return }
        fullscreen = nil
        if let view = views[current.id] { current.window.remove(view.root.typed()) }
        current.window.close()
        gtk_window_present(gcast(window))
    }

    public func applyScaling(_ mode: ScalingMode) {
        views.values.forEach { $0.setScaling(mode) }
    }

    public func showProgress(for id: ItemID, _ progress: PlaybackProgress) {
        views[id]?.showProgress(progress)
    }

    public func quit(status: Int32) {
        onQuit(status)
    }

    public func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?) {
        // Labelled for the watchdog: a stall here is the text's (its layout comes later, in GTK's frame).
        MainLoopWatchdog.label("subtitle") { views[id]?.showSubtitle(subtitle) }
    }

    public func showTracks(for id: ItemID, _ menu: TrackMenu) {
        MainLoopWatchdog.label("track menu") { views[id]?.showTracks(menu) }
    }

    public func frameCounts(for id: ItemID) -> FrameCounts? {
        views[id]?.surface.frameCounts
    }
}

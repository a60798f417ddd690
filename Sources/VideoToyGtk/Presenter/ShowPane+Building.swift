import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The pane's widgets, its menu's actions and its signals.
extension ShowPane {
    /// The pane's content: a heading with the show's name and menu, auto-advance and Start Show, then the list.
    func build() -> Widget {
        let outer = Widgets.box(vertical: false)
        Widgets.append(outer, gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        let pane = Widgets.box(vertical: true)
        gtk_widget_add_css_class(pane, "videotoy-show-pane")
        gtk_widget_set_size_request(pane, ShowPane.width, -1)
        Widgets.append(outer, pane)

        let heading = Widgets.box(vertical: false, spacing: 6)
        gtk_widget_add_css_class(heading, "videotoy-show-heading")
        gtk_widget_set_hexpand(title, 1)
        Widgets.append(heading, title)
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gcast(menuButton), "view-more-symbolic")
        gtk_widget_set_tooltip_text(menuButton, tr("Show Menu"))
        Widgets.setAccessibleName(menuButton, tr("Show menu"))
        gtk_widget_add_css_class(menuButton, "flat")
        gtk_widget_set_valign(menuButton, GTK_ALIGN_CENTER)
        gtk_menu_button_set_menu_model(gcast(menuButton), UnsafeMutablePointer<GMenuModel>(menu))
        Widgets.append(heading, menuButton)
        Widgets.append(pane, heading)

        let controls = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_add_css_class(controls, "videotoy-show-controls")
        // TRANSLATORS: a switch in the show pane: the next video of the show starts when one ends.
        let label = Widgets.label(tr("Auto-advance"), wrap: false)
        gtk_label_set_mnemonic_widget(gcast(label), autoAdvance)
        gtk_widget_set_tooltip_text(autoAdvance, tr("Start the next video when one ends"))
        gtk_widget_set_valign(autoAdvance, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(label, 1)
        Widgets.append(controls, label)
        Widgets.append(controls, autoAdvance)
        gtk_widget_add_css_class(startButton, "pill")
        gtk_widget_add_css_class(startButton, "suggested-action")
        gtk_widget_set_focus_on_click(startButton, 0)
        Widgets.append(controls, startButton)
        Widgets.append(pane, controls)

        gtk_widget_add_css_class(list, "boxed-list")
        gtk_list_box_set_selection_mode(gcast(list), GTK_SELECTION_SINGLE)
        gtk_widget_set_valign(list, GTK_ALIGN_START)
        let clamp = Widgets.box(vertical: true)
        gtk_widget_add_css_class(clamp, "videotoy-show-list")
        Widgets.append(clamp, list)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), clamp)
        gtk_stack_add_named(gcast(stack), scroller, "list")
        let empty = adw_status_page_new()!
        adw_status_page_set_icon_name(gcast(empty), "view-list-ordered-symbolic")
        adw_status_page_set_title(gcast(empty), tr("No Videos in the Show"))
        adw_status_page_set_description(gcast(empty), tr("Drag videos here, or select one in the list and press Insert"))
        gtk_widget_add_css_class(empty, "compact")
        gtk_stack_add_named(gcast(stack), empty, "empty")
        gtk_stack_set_visible_child_name(gcast(stack), "empty")
        gtk_widget_set_vexpand(stack, 1)
        Widgets.append(pane, stack)
        return outer
    }

    /// The show menu's entries: open, save and save as, new; each an application action (`app.show-save` and the
    /// rest), which D-Bus callers such as the tests reach too.
    func menuSections() -> [[AppActions.Entry]] {
        // The actions outlive no window: they are made once, with the one main window's pane.
        let open: @MainActor () -> Void = { [unowned self] in openFile() }
        let save: @MainActor () -> Void = { [unowned self] in saveFile(asking: false) }
        let saveAs: @MainActor () -> Void = { [unowned self] in saveFile(asking: true) }
        let new: @MainActor () -> Void = { [unowned self] in controller.replaceShow(Show()) }
        return [
            [
                .init(name: "show-open", label: tr("_Open Show…"), accelerator: nil, run: open),
                .init(name: "show-save", label: tr("_Save Show"), accelerator: "<Control>s", run: save),
                .init(name: "show-save-as", label: tr("Save Show _As…"), accelerator: "<Control><Shift>s", run: saveAs),
            ],
            [.init(name: "show-new", label: tr("_New Show"), accelerator: nil, run: new)],
        ]
    }

    /// Asks for a show file and hands it on to be read.
    func openFile() {
        ShowFileChooser.open(over: window) { [weak self] path in self?.onOpenFile?(path) }
    }

    /// Saves the show to its file, or asks where first (Save As, or a show with no file yet).
    func saveFile(asking: Bool) {
        let show = controller.presenterView.show
        if !asking, let file = show.file {
            onSaveFile?(show, file)
            return
        }
        ShowFileChooser.save(over: window, current: show.file) { [weak self] path in
            guard let self else { return }
            onSaveFile?(controller.presenterView.show, path)
        }
    }

    /// The show file's name as the pane's title shows it: without its `.xspf`.
    static func displayName(_ path: String) -> String {
        let name = PathBytes.display(String(path.split(separator: "/").last ?? Substring(path)))
        return name.lowercased().hasSuffix(".xspf") ? String(name.dropLast(5)) : name
    }

    /// "3 videos · 9:41": how many, and how long they are together when every duration is known.
    static func summary(of show: Show) -> String {
        let count = show.entries.count
        guard count > 0 else { return "" }
        // TRANSLATORS: the show pane's subtitle: %d is how many videos the show holds.
        let videos = trn("%d video", "%d videos", count, count)
        let durations = show.entries.compactMap(\.durationMs)
        guard durations.count == count else { return videos }
        return videos + " · " + TimeFormat.clock(milliseconds: durations.reduce(0, +))
    }

    /// Connects the toggle, the switch, Start/End Show, the rows' activation, the keys and drops.
    func connectControls() {
        connections.append(
            Signal.notify(toggle, "active") { [unowned self] in
                gtk_revealer_set_reveal_child(gcast(revealer), gtk_toggle_button_get_active(gcast(toggle)))
            })
        connections.append(
            Signal.notify(autoAdvance, "active") { [unowned self] in
                let on = gtk_switch_get_active(gcast(autoAdvance)) != 0
                guard on != controller.presenterView.show.autoAdvance else { return }
                controller.setShowAutoAdvance(on)
            })
        connections.append(
            Signal.connect(startButton, "clicked") { [unowned self] in
                let running = controller.presenterView.show.running
                controller.perform(running ? .endShow : .startShow(fromCurrent: false))
            })
        connections.append(
            Signal.connectObject(list, "row-activated") { [unowned self] row in
                controller.playShowEntry(at: Int(gtk_list_box_row_get_index(gcast(row))))
            })
        let keys = gtk_event_controller_key_new()!
        connections.append(Signal.keyPressed(graw(keys)) { [unowned self] keyval, modifiers in key(keyval, modifiers) })
        gtk_widget_add_controller(list, keys)
        connections.append(ShowDrag.target(on: revealer) { [unowned self] drag in dropped(drag) })
    }
}

extension ShowPane {
    /// Whether the list in the pane, when it has the focus, handles this key itself: moving through the rows,
    /// playing one, moving or removing it. The clicker's keys (Page Up/Down, F5, B, Escape) are not among them.
    static func isListKey(_ keyval: UInt32, modifiers: UInt32) -> Bool {
        guard let name = gdk_keyval_name(keyval).map({ String(cString: $0) }) else { return false }
        let listKeys: Set = ["Up", "Down", "KP_Up", "KP_Down", "Home", "End", "Return", "KP_Enter", "space", "Delete", "KP_Delete"]
        return listKeys.contains(name)
    }
}

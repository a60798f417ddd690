import CGtk
import VideoToyCore
import VideoToyGObject

/// The recycled list of rows, one video per row: the list view and its model, the factory that binds rows to
/// videos, the rows added over several frames, and the selection that stays on its video.
@MainActor
final class RowList {
    let controller: AppController
    let header: MainHeader
    let pages: LibraryPages
    private let videos: VideoViews
    /// The main window, whose frames pace the rows added after the first.
    private let window: Widget
    let model: OpaquePointer
    let selection: OpaquePointer
    let listView: Widget
    private var rows = RowWidgets()
    private var connections: [SignalConnection] = []
    /// The rows as last rendered from the controller's snapshot: the models near the view and the selection.
    var shown = RowWindow()
    // Off while the rows are replaced, when position changes say nothing about the user's choice.
    var followingSelection = true
    private var arrangement = (RowArrangement.sideBySide, RowSlot.full)
    var revealTimer: SourceToken?
    /// Rows still to add after the next frame, and how many go in at a time.
    var growth = RowGrowth()

    /// How many rows the list holds now (rows held back for the next frames are not counted).
    var count: Int { Int(g_list_model_get_n_items(model)) }

    /// The list's scroll position, which the scrolled window set.
    var vadjustment: UnsafeMutablePointer<GtkAdjustment>? { gtk_scrollable_get_vadjustment(gcast(listView)) }

    /// Fills `scroller` with the list; rows show what `controller` has at their position, with the views of `videos`.
    init(controller: AppController, header: MainHeader, pages: LibraryPages, videos: VideoViews, scroller: Widget, window: Widget) {
        self.controller = controller
        self.header = header
        self.pages = pages
        self.videos = videos
        self.window = window
        model = gtk_string_list_new(nil)
        selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "rich-list")
        gtk_scrolled_window_set_child(gcast(scroller), listView)

        connectFactory(factory)
        connections.append(
            Signal.connectUInt(listView, "activate") { [controller] position in
                controller.activateRow(at: Int(position))
            })
        if let adjustment = vadjustment {
            for signal in ["value-changed", "changed"] {
                connections.append(Signal.connect(UnsafeMutableRawPointer(adjustment), signal) { [unowned self] in reportVisibleRows() })
            }
        }
        connections.append(
            Signal.notify(UnsafeMutableRawPointer(selection), "selected") { [unowned self] in
                guard followingSelection else { return }
                let position = gtk_single_selection_get_selected(selection)
                controller.selectRow(at: position == GTK_INVALID_LIST_POSITION ? nil : Int(position))
            })
    }

    /// Lays the rows out for a window `width` pixels wide: labels beside the video, or under it when narrow.
    func arrange(forWidth width: Int) {
        let wanted = (RowArrangement.forWidth(width), RowSlot.forWidth(width))
        guard wanted != arrangement else { return }
        arrangement = wanted
        rows.byItem.values.forEach { $0.arrange(wanted.0, slot: wanted.1) }
    }

    /// The row widget last bound to `id`, if it still has one.
    func row(showing id: ItemID) -> RowWidget? {
        rows.row(showing: id)
    }

    private func connectFactory(_ factory: OpaquePointer) {
        let raw = graw(factory)
        connections.append(
            Signal.connectObject(raw, "setup") { [unowned self] item in
                let row = RowWidget()
                row.arrange(arrangement.0, slot: arrangement.1)
                rows.add(row, for: item)
                gtk_list_item_set_child(gcast(item), row.root)
                let click = gtk_gesture_click_new()!
                // On release: a press that turns into a drag (a row dragged onto the show) plays nothing.
                Signal.pressed(graw(click), "released") { [unowned self, unowned row] _, x, y in
                    guard let model = row.model else { return }
                    // Clicks on a live view's own controls belong to the view, not to the row; a pre-rolled view is
                    // in no row yet, so a click on its poster plays it.
                    if model.hasVideoView, let picked = gtk_widget_pick(row.root, x, y, GTK_PICK_DEFAULT),
                        picked == row.slot || gtk_widget_is_ancestor(picked, row.slot) != 0
                    {
                        return
                    }
                    controller.activate(model.id)
                }
                gtk_widget_add_controller(row.root, click)
            })
        connections.append(
            Signal.connectObject(raw, "bind") { [unowned self] item in
                guard let row = rows[item] else { return }
                bind(row, to: shown.model(at: Int(gtk_list_item_get_position(gcast(item)))), anew: true)
            })
        connections.append(
            Signal.connectObject(raw, "unbind") { [unowned self] item in
                guard let row = rows[item], let id = row.id else { return }
                rows.bind(row, to: nil)
                controller.rowHidden(id)
                row.unbind()
            })
        connections.append(
            Signal.connectObject(raw, "teardown") { [unowned self] item in
                rows.remove(item)
            })
    }

    /// Rows added at once before the next frame; the rest follow it. A screenful on a 4K monitor is under 15 rows.
    static let rowsBeforeFrame = 32

    /// Makes the list model `count` items long; its items only stand for positions, so they all hold one empty
    /// string (no text made per row).
    private func resizeModel(to count: Int) {
        let old = Int(g_list_model_get_n_items(model))
        if count < old {
            gtk_string_list_splice(model, guint(count), guint(old - count), nil)
        } else if count > old {
            RowList.emptyStrings(count - old) { gtk_string_list_splice(model, guint(old), 0, $0) }
        }
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
        guard let pending = growth.pending else { return }
        let target = min(pending.count, count + growth.batch)
        let started = ContinuousClock.now
        followingSelection = false
        resizeModel(to: target)
        followingSelection = true
        let elapsed = started.duration(to: .now).components
        growth.took(ms: Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
        guard target < pending.count else {
            growth.pending = nil
            followingSelection = false
            applySelection()
            followingSelection = true
            return
        }
        growth.pending = (pending.count, NextFrame.after(window, fallbackMs: 16) { [weak self] in self?.growStep() })
    }

    /// Adds every row held back for later now, if any, and puts the selection back on its video.
    func finishGrowth() {
        guard let pending = growth.pending else { return }
        pending.cancel()
        growth.pending = nil
        followingSelection = false
        defer { followingSelection = true }
        resizeModel(to: pending.count)
        applySelection()
    }

    /// Renders the rows of a snapshot: each row widget whose position shows something else now is bound again, the
    /// selection is put on the core's selected row, and a new reveal brings it into view.
    func render(_ window: RowWindow) {
        let before = shown
        shown = window
        for (item, row) in rows.byItem {
            let position = gtk_list_item_get_position(gcast(item))
            guard position != GTK_INVALID_LIST_POSITION else { continue }
            let model = window.model(at: Int(position))
            if model != row.model { bind(row, to: model, anew: row.id != model?.id) }
        }
        followingSelection = false
        applySelection()
        followingSelection = true
        if window.revealCount != before.revealCount, window.selectedIndex != nil { revealSelected() }
    }

    /// Shows `model` in `row` (nothing, when its position is far from the view). A row bound `anew` to its item also
    /// takes the item's live view or its controls; a row showing the same item again only redraws its labels, as
    /// the views place themselves.
    private func bind(_ row: RowWidget, to model: RowModel?, anew: Bool) {
        rows.bind(row, to: model?.id)
        guard let model else { return row.clear() }
        row.show(model)
        guard anew else { return }
        row.releasePanel()
        guard let view = videos[model.id] else { return row.releaseVideo() }
        switch model.placement {
        case .row?: row.embed(view.root.typed())
        case .screen?: row.releaseVideo(); row.embedPanel(view.lendControls())
        default: row.releaseVideo()
        }
    }

    /// Shows a library of `count` rows, replacing the previous list.
    func showLibrary(count: Int) {
        // The model's items only stand for positions (rows ask the controller what is at theirs), so only the
        // difference in length is spliced; the rows kept are told to bind again, which GTK does for those on screen.
        // Rebuilding 10,000 items on every search keystroke cost about 100 ms.
        growth.pending?.cancel()
        growth.pending = nil
        let old = Int(g_list_model_get_n_items(model))
        // GTK builds a widget for each of the ~200 rows it keeps around the visible ones as soon as they exist
        // (about 0.1 ms each); a frame needs only those on screen, which lie within the old rows and a screenful
        // after them. The rest go in once that frame is painted.
        let now = count > old + RowList.rowsBeforeFrame ? old + RowList.rowsBeforeFrame : count
        // Only rows with widgets show anything, and the snapshot that follows binds them again. Telling GTK that all
        // the kept items changed made it drop and re-add every one of them: 80-220 ms for a keystroke that kept 10,000.
        resizeModel(to: now)
        if now < count {
            let cancel = NextFrame.after(window, fallbackMs: 100) { [weak self] in self?.growStep() }
            growth.pending = (count, cancel)
        }
        header.setSubtitle(RowCount.videos(count))
        pages.show(count > 0 ? .list : .empty)
        if count == 0 { pages.showEmptyHint() }
    }

    /// Inserts rows at `positions` (display positions after the insertion, ascending) into a list now `count` long.
    func insertRows(at positions: [Int], count: Int) {
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
            RowList.emptyStrings(run.length) { gtk_string_list_splice(model, guint(run.start), 0, $0) }
        }
        header.setSubtitle(RowCount.videos(self.count))
        if self.count > 0 { pages.show(.list) }
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

    /// Shows how far reading the library's metadata has got.
    func showProbeProgress(done: Int, total: Int) {
        header.setSubtitle(done >= total ? RowCount.videos(count) : RowCount.reading(count, done: done, total: total))
    }

}

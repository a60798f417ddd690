import CGtk
import VideoToyCore
import VideoToyGObject

/// Finding rows: the search, selecting a row, and keeping the playing row in view.
extension RowList {
    /// Filters the rows; the selected row, when the search still shows it, is scrolled to.
    func search(_ text: String) {
        controller.search(text)
        if let selectedItem, let index = controller.displayIndex(of: selectedItem) { select(index) }
    }

    /// Shows the rows again after a search or a sort; the selection stays on its video, wherever that row went, and
    /// the title says how many of the library's rows a search shows, or that none match.
    func showRows(count: Int, total: Int, searching: Bool) {
        // The model's items stand for positions, so GTK keeps the selection at its position as rows move: put it
        // back on its video (or none, while a search hides it, remembering it for when the search ends).
        followingSelection = false
        defer { followingSelection = true }
        showLibrary(count: count)
        restoreSelection()
        guard searching else { return }
        header.setSubtitle("\(count) of \(total == 1 ? "1 video" : "\(total) videos")")
        if count == 0 { pages.show(.noResults) }
    }

    /// Selects the row of the selected video again, or none while a search hides it. A row not in the list yet
    /// (held back until the next frame) is selected when it arrives.
    func restoreSelection() {
        let index = selectedItem.flatMap { controller.displayIndex(of: $0) }
        guard let index, index < count else {
            gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION)
            return
        }
        gtk_single_selection_set_selected(selection, guint(index))
    }

    /// Selects the row of `id` and scrolls it into view, once the list can scroll.
    func reveal(_ id: ItemID) {
        finishGrowth()
        guard let index = controller.displayIndex(of: id) else { return }
        select(index)
        // Right after the rows go in the list has no layout yet and ignores the scroll; it is asked again on each of
        // the next frames until the row is on screen (or the user has scrolled elsewhere for two seconds' worth).
        revealing = id
        revealTimer?.cancel()
        var tries = 0
        revealTimer = MainLoop.every(milliseconds: 16) { [weak self] in
            guard let self, revealing == id, let index = controller.displayIndex(of: id), tries < 120 else { return false }
            tries += 1
            if isOnScreen(index) {
                revealing = nil
                return false
            }
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(index)))
            return true
        }
    }

    /// Whether the row at display position `index` is within the scrolled view.
    private func isOnScreen(_ index: Int) -> Bool {
        guard let adjustment = vadjustment, count > 0, gtk_widget_get_height(listView) > 0 else { return false }
        let upper = gtk_adjustment_get_upper(adjustment)
        guard upper > 0 else { return false }
        let rowHeight = upper / Double(count)
        let top = Double(index) * rowHeight, bottom = top + rowHeight
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        return page > 0 && top >= value - 1 && bottom <= value + page + 1
    }

    /// How many whole rows the scrolled list shows (0 before its first layout).
    var rowsPerPage: Int {
        guard let adjustment = vadjustment, count > 0 else { return 0 }
        let upper = gtk_adjustment_get_upper(adjustment)
        guard upper > 0 else { return 0 }
        // Rows share one height, so the page holds page size / row height of them.
        return Int(gtk_adjustment_get_page_size(adjustment) / (upper / Double(count)))
    }

    /// Selects the row at display position `index` and scrolls it into view.
    func select(_ index: Int) {
        finishGrowth()
        gtk_single_selection_set_selected(selection, guint(index))
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(index)))
    }
}

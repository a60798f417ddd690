import CGtk
import VideoToyCore
import VideoToyGObject

/// Finding rows: the search, selecting a row, and keeping the playing row in view.
extension RowList {
    /// Filters the rows; the selected row, when the search still shows it, is brought into view by the snapshot.
    func search(_ text: String) {
        controller.search(text)
    }

    /// Shows the rows again after a search or a sort; the snapshot that follows puts the selection back on its video,
    /// and the title says how many of the library's rows a search shows, or that none match.
    func showRows(count: Int, total: Int, searching: Bool) {
        // The model's items stand for positions, so GTK keeps the selection at its position as rows move: what it
        // says meanwhile is no choice of the user's.
        followingSelection = false
        defer { followingSelection = true }
        showLibrary(count: count)
        guard searching else { return }
        header.setSubtitle(RowCount.found(count, of: total))
        if count == 0 { pages.show(.noResults) }
    }

    /// Selects the core's selected row, or none while a search hides it. A row not in the list yet (held back until
    /// the next frame) is selected when it arrives.
    func applySelection() {
        let wanted = shown.selectedIndex.flatMap { $0 < count ? guint($0) : nil } ?? GTK_INVALID_LIST_POSITION
        if gtk_single_selection_get_selected(selection) != wanted { gtk_single_selection_set_selected(selection, wanted) }
    }

    /// Scrolls the selected row into view, once the list can scroll.
    func revealSelected() {
        finishGrowth()
        applySelection()
        guard let id = shown.selected, let index = shown.selectedIndex else { return }
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(index)))
        // Right after the rows go in the list has no layout yet and ignores the scroll; it is asked again on each of
        // the next frames until the row is on screen (for two seconds at most), unless the selection moves on.
        revealTimer?.cancel()
        var tries = 0
        revealTimer = MainLoop.every(milliseconds: 16) { [weak self] in
            guard let self, shown.selected == id, let index = shown.selectedIndex, tries < 120 else { return false }
            tries += 1
            if isOnScreen(index) { return false }
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
}

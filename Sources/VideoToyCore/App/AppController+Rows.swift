/// The rows side of the controller: the window of row models the list renders, and the selection, which the core owns.
extension AppController {
    /// The row of `id` may show something else now: its model in the window is made again, if it is near the view.
    func rowChanged(_ id: ItemID) { rowsDriver.rowChanged(id) }

    /// The rows were listed anew (added, removed, searched or sorted); `reveal` brings the selected row into view.
    func rowsRelisted(reveal: Bool = false) {
        shownRowsChanged()
        rowsDriver.relist(reveal: reveal)
    }

    /// The user selected the row at display position `position` (nil: none).
    public func selectRow(at position: Int?) {
        selected(position.flatMap(id(at:)))
    }

    /// The user activated the row at display position `position` (Enter, a double click).
    public func activateRow(at position: Int) {
        if let id = id(at: position) { activate(id) }
    }

    /// Moves the selection as a key says (Up, Page Down, Home…), from the selected row as shown, and brings it into
    /// view; `rowsPerPage` is how many whole rows the list shows.
    public func moveSelection(_ move: SelectionMove, rowsPerPage: Int) {
        guard let id = rowsDriver.move(move, rowsPerPage: rowsPerPage) else { return }
        prerollEvent(.selected(id, eligible: mayPreroll(id)))
    }

    /// The selected video, or, with none selected, the first row's, which then becomes selected (Enter with nothing
    /// chosen plays the first video).
    public func selectedOrFirst() -> ItemID? {
        if let selected = rowsDriver.window.selected, displayIndex(of: selected) != nil { return selected }
        guard let first = id(at: 0) else { return nil }
        rowsDriver.select(first, reveal: true)
        prerollEvent(.selected(first, eligible: mayPreroll(first)))
        return first
    }

    /// Selects the row of `id` and brings it into view, if the list shows it.
    func reveal(_ id: ItemID) {
        guard displayIndex(of: id) != nil else { return }
        let moved = rowsDriver.window.selected != id
        rowsDriver.select(id, reveal: true)
        // A selection that stays put is no new choice for the pre-roll, as GTK's list says nothing then either.
        if moved { prerollEvent(.selected(id, eligible: mayPreroll(id))) }
    }
}

/// What the rows need from the controller, which keeps the library and the list's order.
extension AppController: RowsDriver.Owner {
    func rowModel(for id: ItemID) -> RowModel? { row(for: id) }

    var listing: (count: Int, total: Int, searching: Bool) { (displayCount, library.count, shown.isFiltering) }

    func rowsChanged() { publish() }
}

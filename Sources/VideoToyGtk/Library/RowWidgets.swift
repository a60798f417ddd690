import VideoToyCore

/// The row widgets GTK's list made, by list item, and which of them shows which video.
@MainActor
struct RowWidgets {
    /// Every row widget, by the list item it is the child of.
    private(set) var byItem: [UnsafeMutableRawPointer: RowWidget] = [:]
    private var byID: [ItemID: RowWidget] = [:]

    /// The row widget last bound to `id`, if it still shows it.
    func row(showing id: ItemID) -> RowWidget? { byID[id] }

    /// The row widget of `item`, if GTK set one up.
    subscript(item: UnsafeMutableRawPointer) -> RowWidget? { byItem[item] }

    /// Keeps `row` as the widget of `item`.
    mutating func add(_ row: RowWidget, for item: UnsafeMutableRawPointer) { byItem[item] = row }

    /// Forgets the widget of `item`, torn down by GTK.
    mutating func remove(_ item: UnsafeMutableRawPointer) { byItem[item] = nil }

    /// `row` shows `id` from now on (nil: nothing), and no longer what it showed before.
    mutating func bind(_ row: RowWidget, to id: ItemID?) {
        if let previous = row.id, previous != id, byID[previous] === row { byID[previous] = nil }
        if let id { byID[id] = row }
    }
}

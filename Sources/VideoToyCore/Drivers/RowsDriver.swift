/// Keeps the `RowWindow` the list renders: the models of the rows near the view, made again only for the rows that
/// changed, and the selection, which the core owns so a search or a key sets it once.
@MainActor
final class RowsDriver {
    /// What the rows need from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// What the row of `id` shows now.
        func rowModel(for id: ItemID) -> RowModel?
        /// The display position of `id`, or nil while a search hides it.
        func displayIndex(of id: ItemID) -> Int?
        /// The item at display position `position`.
        func id(at position: Int) -> ItemID?
        /// How many rows are shown, of how many in the library, and whether a search hides some.
        var listing: (count: Int, total: Int, searching: Bool) { get }
        /// The window changed: the snapshot is due.
        func rowsChanged()
    }

    /// Rows held beyond the visible ones, above and below: GTK's list keeps about 200 rows bound around the view, and
    /// each of them is bound from the window.
    static let margin = 100

    /// The rows as the list shows them now.
    private(set) var window = RowWindow()
    private var visible: Range<Int> = 0..<0
    private weak var owner: Owner?

    /// Creates an empty window.
    init() {}

    /// Connects what the rows are read from.
    func attach(owner: Owner) { self.owner = owner }

    /// The display positions to hold models for: the visible rows and `margin` more each way (before the list's
    /// first layout, the first rows).
    private func wanted(count: Int) -> Range<Int> {
        guard !visible.isEmpty else { return 0..<min(count, 2 * Self.margin) }
        let lower = min(max(0, visible.lowerBound - Self.margin), count)
        return lower..<min(count, max(lower, visible.upperBound + Self.margin))
    }

    /// The row of `id` may show something else now; its model is made again if it is near the view.
    func rowChanged(_ id: ItemID) {
        guard let owner, let position = owner.displayIndex(of: id), window.range.contains(position),
            let model = owner.rowModel(for: id), window.models[position - window.first] != model
        else { return }
        window.models[position - window.first] = model
        owner.rowsChanged()
    }

    /// The rows at `range` are on screen: the window follows them, keeping the models of the rows it still holds.
    func show(_ range: Range<Int>) {
        visible = range
        guard let owner else { return }
        let target = wanted(count: window.count)
        guard target != window.range else { return }
        var models: [RowModel] = []
        models.reserveCapacity(target.count)
        for position in target {
            if let kept = window.model(at: position) {
                models.append(kept)
            } else if let id = owner.id(at: position), let model = owner.rowModel(for: id) {
                models.append(model)
            } else {
                break
            }
        }
        window.first = target.lowerBound
        window.models = models
        owner.rowsChanged()
    }

    /// The rows were listed anew (added, removed, searched or sorted): every model near the view is made again, and the
    /// selection follows its video to its new position; `reveal` brings that row into view.
    func relist(reveal: Bool = false) {
        guard let owner else { return }
        let before = window
        let listing = owner.listing
        window.count = listing.count
        window.total = listing.total
        window.searching = listing.searching
        let target = wanted(count: listing.count)
        window.first = target.lowerBound
        window.models = target.compactMap { owner.id(at: $0).flatMap(owner.rowModel(for:)) }
        window.selectedIndex = window.selected.flatMap(owner.displayIndex(of:))
        if reveal, window.selectedIndex != nil { window.revealCount += 1 }
        if window != before { owner.rowsChanged() }
    }

    /// The user selected `id` (nil: none); `reveal` brings its row into view.
    func select(_ id: ItemID?, reveal: Bool = false) {
        guard let owner else { return }
        let before = window
        window.selected = id
        window.selectedIndex = id.flatMap(owner.displayIndex(of:))
        if reveal, window.selectedIndex != nil { window.revealCount += 1 }
        if window != before { owner.rowsChanged() }
    }

    /// Moves the selection the way a key says, from the selected row as shown; returns the video now selected, or nil
    /// when the list is empty.
    func move(_ move: SelectionMove, rowsPerPage: Int) -> ItemID? {
        guard let owner,
            let target = move.target(from: window.selectedIndex, count: window.count, rowsPerPage: rowsPerPage),
            let id = owner.id(at: target)
        else { return nil }
        select(id, reveal: true)
        return id
    }
}

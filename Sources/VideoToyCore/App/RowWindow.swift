/// The rows as the list shows them: how many, the models of those on screen and around them, and the selection.
///
/// The list binds a row from this value alone; a row outside `range` is far from the view and shows nothing until the
/// view comes near it. The selection is the core's: the list renders `selectedIndex`, and brings it into view when
/// `revealCount` changes.
public struct RowWindow: Sendable, Equatable {
    /// How many rows the list shows (a search's matches, or the whole library).
    public internal(set) var count = 0
    /// How many videos the library holds.
    public internal(set) var total = 0
    /// Whether a search hides some rows.
    public internal(set) var searching = false
    /// The display position of the first model.
    public internal(set) var first = 0
    /// The models of the rows from `first` on, one per display position.
    public internal(set) var models: [RowModel] = []
    /// The video whose row is selected, kept across searches and sorts (positions change, it does not).
    public internal(set) var selected: ItemID?
    /// The display position of the selected row, or nil when none is selected or a search hides it.
    public internal(set) var selectedIndex: Int?
    /// Goes up each time the selected row should be brought into view (a key moved it, a search or a play).
    public internal(set) var revealCount = 0

    /// An empty list.
    public init() {}

    /// The display positions whose models are held.
    public var range: Range<Int> { first..<(first + models.count) }

    /// The model of the row at display position `position`, when it is near the view.
    public func model(at position: Int) -> RowModel? {
        range.contains(position) ? models[position - first] : nil
    }
}

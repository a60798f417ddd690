/// A date, duration or size order to make off the main thread, from a copy of the library as it was when asked for.
///
/// The copy is two arrays of plain integers by id (each item's display position and its sort values): taking it
/// costs nothing, and the library's next change on the main thread copies 28 bytes a row at most, retaining nothing.
public struct RowSortJob: Sendable {
    /// The order to make.
    public let sort: RowSort
    /// Which choice of order asked for it (`ShownRows` drops the result of any but the latest).
    let ticket: Int
    /// The library's revision then.
    let revision: Int
    /// Display position by raw id, -1 for an item removed.
    let positions: [Int32]
    /// Sort values by raw id.
    let values: [SortValues]
    /// How many items the library held.
    let count: Int

    /// A job for `sort` over `library` as it is now.
    init(sort: RowSort, ticket: Int, library: Library) {
        self.sort = sort
        self.ticket = ticket
        revision = library.revision
        positions = library.indexByRaw
        values = library.sortValues
        count = library.count
    }

    /// Sorts the copy: on any thread, tens of milliseconds for 100,000 rows.
    public func run() -> RowRanking { RowRanking(self) }
}

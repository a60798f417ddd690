/// The rows the list shows, in order: the whole library or the items a search matches, sorted as the user chose.
///
/// Display positions (what the list asks for) map to items here and nowhere else. The library's own order is
/// by name; any other order or a search keeps its own list of ids. Per item it keeps a folded search key and a
/// position, in arrays indexed by id: a library of 100,000 files filters in one pass with no hashing, and a
/// keystroke that narrows the search ("c", "cl", "cli") looks only at the rows the last one kept.
///
/// A date, duration or size order is a `RowRanking` of the whole library, which a search filters in one pass.
/// Making one takes longer than a frame at 100,000 rows, so a choice of such an order hands out a `RowSortJob`
/// (`choose`, `nextSortJob`) for another thread, and `finish` shows its result only while it is current.
public struct ShownRows: Sendable {
    /// The search in force; empty shows every item.
    public private(set) var query = SearchQuery("")
    /// The order in force.
    public private(set) var sort = RowSort.standard
    /// The order chosen last: `sort` becomes it at once for a name order, and once its ranking is made for the others.
    public private(set) var chosenSort = RowSort.standard
    /// How many items the last search or update looked at: the whole library, or only the rows a narrowing
    /// keystroke could keep.
    public private(set) var itemsExamined = 0
    private var keys: [SearchKey?] = []
    private var ordered: [ItemID] = []
    // Display position by raw id, -1 for an item not shown.
    private var positions: [Int32] = []
    // Whether `ordered` is what is shown (a search or a sort), rather than the library's own order.
    private var showsOwnList = false
    // The library's id limit when `ordered` was made: rows added since then call for a full pass.
    private var idLimitSeen = 0
    // The ranking of `sort` while it is a date, duration or size order.
    private var ranking: RowRanking?
    // Counts the choices of order: a sort asked for by an earlier choice is stale.
    private var choice = 0
    // A job handed out and not finished yet; another wanted after it (a newer choice, newer values, or a stale result).
    private var sortRunning = false
    private var sortWanted = false

    /// Creates rows that show the whole library by name.
    public init() {}

    /// True while a search hides some rows.
    public var isFiltering: Bool { !query.isEmpty }

    /// True while the rows differ from the library's own order (a search, or another sort).
    public var isReordered: Bool { isFiltering || sort != .standard }

    /// Shows the items of `library` that `query` matches; false when the rows shown are the same as before.
    @discardableResult
    public mutating func filter(_ query: SearchQuery, in library: Library) -> Bool {
        let narrows = isFiltering && query.narrows(self.query) && idLimitSeen == library.idLimit
        self.query = query
        return update(for: library, narrowing: narrows)
    }

    /// Orders the rows by `sort` here and now, whatever it costs; false when the rows shown are the same as before.
    @discardableResult
    public mutating func order(_ sort: RowSort, in library: Library) -> Bool {
        chosenSort = sort
        choice += 1
        sortWanted = false
        self.sort = sort
        ranking = sort.needsProbes ? RowRanking(sort, of: library) : nil
        return update(for: library)
    }

    /// Chooses `sort`. A name order is shown at once (true when the rows changed); a date, duration or size order
    /// is made elsewhere: `nextSortJob(from:)` hands out the job, and `finish(_:in:)` shows its result.
    @discardableResult
    public mutating func choose(_ sort: RowSort, in library: Library) -> Bool {
        guard sort.needsProbes else { return order(sort, in: library) }
        chosenSort = sort
        choice += 1
        sortWanted = true
        return false
    }

    /// Asks for the chosen date, duration or size order to be made again, from the values probes brought since.
    public mutating func resort() {
        if chosenSort.needsProbes { sortWanted = true }
    }

    /// The sort to make now, off the main thread, from `library` as it is; nil when none is wanted, or while one is
    /// out: one runs at a time, and the next starts from a fresher copy once it is back.
    public mutating func nextSortJob(from library: Library) -> RowSortJob? {
        guard sortWanted, !sortRunning else { return nil }
        (sortWanted, sortRunning) = (false, true)
        return RowSortJob(sort: chosenSort, ticket: choice, library: library)
    }

    /// Shows the result of the job handed out if it is still current and returns whether the rows shown changed;
    /// nil when it is stale and dropped: another order was chosen since, or rows came or went since its copy was
    /// taken (the order is then wanted again, from a fresh copy). A search typed meanwhile leaves it current:
    /// it ranks the whole library, and the search in force filters it.
    public mutating func finish(_ made: RowRanking, in library: Library) -> Bool? {
        sortRunning = false
        guard made.ticket == choice else { return nil }
        guard made.revision == library.revision else {
            sortWanted = true
            return nil
        }
        (sort, ranking) = (made.sort, made)
        return update(for: library)
    }

    /// Brings the rows up to date after the library changed (items added, probed, gone); false when the rows
    /// shown, and their order, are the same as before. A date, duration or size order follows items added and
    /// removed here; values probed since it was made reach it through `resort()` and a new ranking.
    @discardableResult
    public mutating func update(for library: Library) -> Bool {
        update(for: library, narrowing: false)
    }

    private mutating func update(for library: Library, narrowing: Bool) -> Bool {
        let wasOrdered = showsOwnList
        guard isReordered else {
            defer { (ordered, positions, showsOwnList, itemsExamined) = ([], [], false, 0) }
            return wasOrdered && !ordered.elementsEqual(library.items.lazy.map(\.id))
        }
        if keys.count < library.idLimit { keys.append(contentsOf: repeatElement(nil, count: library.idLimit - keys.count)) }
        let next: [ItemID]
        if narrowing && wasOrdered {
            // Every row the new text matches, the old one matched too, and the order is already right.
            itemsExamined = ordered.count
            next = ordered.filter { matches($0, in: library) }
        } else if sort.needsProbes {
            // The ranking follows rows added and removed; only a newer one, made elsewhere, re-sorts.
            var ranking = ranking.take() ?? RowRanking(sort, of: library)
            itemsExamined = ranking.follow(library)
            if isFiltering {
                itemsExamined += ranking.ids.count
                next = ranking.ids.filter { matches($0, in: library) }
            } else {
                next = ranking.ids
            }
            self.ranking = ranking
        } else {
            itemsExamined = library.count
            var kept: [Int] = []
            kept.reserveCapacity(isFiltering ? 0 : library.count)
            for index in library.items.indices where !isFiltering || matches(index, in: library) { kept.append(index) }
            next = sorted(kept, in: library)
        }
        // Typing "c", "cl", "cli" often keeps the very same rows: nothing then needs showing again.
        let same = wasOrdered ? next == ordered : next.elementsEqual(library.items.lazy.map(\.id))
        ordered = next
        positions = Array(repeating: -1, count: library.idLimit)
        for (position, id) in ordered.enumerated() { positions[id.rawValue] = Int32(position) }
        showsOwnList = true
        idLimitSeen = library.idLimit
        return !same
    }

    private mutating func matches(_ id: ItemID, in library: Library) -> Bool {
        guard let index = library.index(of: id) else { return false }
        return matches(index, in: library)
    }

    private mutating func matches(_ index: Int, in library: Library) -> Bool {
        let id = library.items[index].id.rawValue
        if let key = keys[id] { return query.matches(key) }
        let key = SearchKey(library.items[index])
        keys[id] = key
        return query.matches(key)
    }

    /// The ids at library positions `kept` (ascending) in the name order in force.
    private func sorted(_ kept: [Int], in library: Library) -> [ItemID] {
        sort.ascending ? kept.map { library.items[$0].id } : kept.reversed().map { library.items[$0].id }
    }

    /// Keeps search keys made elsewhere (off the main thread) for items that have none yet, so the first search
    /// of a large library need not fold every name while the user types.
    public mutating func learnKeys(_ made: [(ItemID, SearchKey)]) {
        guard let highest = made.map(\.0.rawValue).max() else { return }
        if keys.count <= highest { keys.append(contentsOf: repeatElement(nil, count: highest + 1 - keys.count)) }
        for (id, key) in made where keys[id.rawValue] == nil { keys[id.rawValue] = key }
    }

    /// How many rows are shown.
    public func count(in library: Library) -> Int { isReordered ? ordered.count : library.count }

    /// The item at display position `index`.
    public func id(at index: Int, in library: Library) -> ItemID? {
        guard index >= 0 else { return nil }
        if isReordered { return index < ordered.count ? ordered[index] : nil }
        return index < library.items.count ? library.items[index].id : nil
    }

    /// The display position of `id`, or nil when a search hides it.
    public func index(of id: ItemID, in library: Library) -> Int? {
        guard isReordered else { return library.index(of: id) }
        guard id.rawValue >= 0, id.rawValue < positions.count, positions[id.rawValue] >= 0 else { return nil }
        return Int(positions[id.rawValue])
    }
}

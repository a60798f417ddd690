/// The rows the list shows, in order: the whole library or the items a search matches, sorted as the user chose.
///
/// Display positions (what the list asks for) map to items here and nowhere else. The library's own order is
/// by name; any other order or a search keeps its own list of ids.
public struct ShownRows: Sendable {
    /// The search in force; empty shows every item.
    public private(set) var query = SearchQuery("")
    /// The order in force.
    public private(set) var sort = RowSort.standard
    private var keys: [ItemID: SearchKey] = [:]
    private var ordered: [ItemID] = []
    private var positions: [ItemID: Int] = [:]
    // Whether `ordered` is what is shown (a search or a sort), rather than the library's own order.
    private var showsOwnList = false

    /// Creates rows that show the whole library by name.
    public init() {}

    /// True while a search hides some rows.
    public var isFiltering: Bool { !query.isEmpty }

    /// True while the rows differ from the library's own order (a search, or another sort).
    public var isReordered: Bool { isFiltering || sort != .standard }

    /// Shows the items of `library` that `query` matches; false when the rows shown are the same as before.
    @discardableResult
    public mutating func filter(_ query: SearchQuery, in library: Library) -> Bool {
        self.query = query
        return update(for: library)
    }

    /// Orders the rows by `sort`; false when the rows shown are the same as before.
    @discardableResult
    public mutating func order(_ sort: RowSort, in library: Library) -> Bool {
        self.sort = sort
        return update(for: library)
    }

    /// Brings the rows up to date after the library changed (items added, probed, gone); false when the rows
    /// shown, and their order, are the same as before.
    @discardableResult
    public mutating func update(for library: Library) -> Bool {
        let wasOrdered = showsOwnList
        guard isReordered else {
            defer { (ordered, positions, showsOwnList) = ([], [:], false) }
            return wasOrdered && ordered != library.items.map(\.id)
        }
        var shown: [LibraryItem] = []
        for item in library.items {
            guard isFiltering else {
                shown.append(item)
                continue
            }
            let key = keys[item.id] ?? SearchKey(item)
            keys[item.id] = key
            if query.matches(key) { shown.append(item) }
        }
        let next = sorted(shown).map(\.id)
        // Typing "c", "cl", "cli" often keeps the very same rows: nothing then needs showing again.
        let same = wasOrdered ? next == ordered : next == library.items.map(\.id)
        ordered = next
        positions = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
        showsOwnList = true
        return !same
    }

    /// `items` (in library order) in the order `sort` says; ties and unknown values keep library order.
    private func sorted(_ items: [LibraryItem]) -> [LibraryItem] {
        switch (sort.key, sort.ascending) {
        case (.name, true): return items
        case (.name, false): return items.reversed()
        default:
            let values = items.map(sort.value(of:))
            let order = values.indices.sorted { a, b in
                switch (values[a], values[b]) {
                case (let x?, let y?) where x != y: return sort.ascending ? x < y : x > y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a < b
                }
            }
            return order.map { items[$0] }
        }
    }

    /// Keeps search keys made elsewhere (off the main thread) for items that have none yet, so the first search
    /// of a large library need not fold every name while the user types.
    public mutating func learnKeys(_ made: [(ItemID, SearchKey)]) {
        for (id, key) in made where keys[id] == nil { keys[id] = key }
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
        isReordered ? positions[id] : library.index(of: id)
    }
}

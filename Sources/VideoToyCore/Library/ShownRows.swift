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

    /// Creates rows that show the whole library by name.
    public init() {}

    /// True while a search hides some rows.
    public var isFiltering: Bool { !query.isEmpty }

    /// True while the rows differ from the library's own order (a search, or another sort).
    public var isReordered: Bool { isFiltering || sort != .standard }

    /// Shows the items of `library` that `query` matches.
    public mutating func filter(_ query: SearchQuery, in library: Library) {
        self.query = query
        update(for: library)
    }

    /// Orders the rows by `sort`.
    public mutating func order(_ sort: RowSort, in library: Library) {
        self.sort = sort
        update(for: library)
    }

    /// Brings the rows up to date after the library changed (items added, probed, gone).
    public mutating func update(for library: Library) {
        guard isReordered else {
            (ordered, positions) = ([], [:])
            return
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
        ordered = sorted(shown).map(\.id)
        positions = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
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
                case let (x?, y?) where x != y: return sort.ascending ? x < y : x > y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a < b
                }
            }
            return order.map { items[$0] }
        }
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

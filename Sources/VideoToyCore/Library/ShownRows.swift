/// The rows the list shows, in order: the whole library, or the items a search matches.
///
/// Display positions (what the list asks for) map to items here and nowhere else.
public struct ShownRows: Sendable {
    /// The search in force; empty shows every item.
    public private(set) var query = SearchQuery("")
    private var keys: [ItemID: SearchKey] = [:]
    private var matches: [ItemID] = []
    private var positions: [ItemID: Int] = [:]

    /// Creates rows that show the whole library.
    public init() {}

    /// True while a search hides some rows.
    public var isFiltering: Bool { !query.isEmpty }

    /// Shows the items of `library` that `query` matches.
    public mutating func filter(_ query: SearchQuery, in library: Library) {
        self.query = query
        update(for: library)
    }

    /// Brings the matches up to date after the library changed.
    public mutating func update(for library: Library) {
        guard isFiltering else {
            (matches, positions) = ([], [:])
            return
        }
        matches = []
        for item in library.items {
            let key = keys[item.id] ?? SearchKey(item)
            keys[item.id] = key
            if query.matches(key) { matches.append(item.id) }
        }
        positions = Dictionary(uniqueKeysWithValues: matches.enumerated().map { ($1, $0) })
    }

    /// How many rows are shown.
    public func count(in library: Library) -> Int { isFiltering ? matches.count : library.count }

    /// The item at display position `index`.
    public func id(at index: Int, in library: Library) -> ItemID? {
        guard index >= 0 else { return nil }
        if isFiltering { return index < matches.count ? matches[index] : nil }
        return index < library.items.count ? library.items[index].id : nil
    }

    /// The display position of `id`, or nil when a search hides it.
    public func index(of id: ItemID, in library: Library) -> Int? {
        isFiltering ? positions[id] : library.index(of: id)
    }
}

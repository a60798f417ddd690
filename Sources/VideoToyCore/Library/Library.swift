/// The ordered set of files the window lists, sorted by name, with stable identities.
public struct Library: Sendable {
    /// The items in display order.
    public private(set) var items: [LibraryItem] = []
    private var indexByID: [ItemID: Int] = [:]
    private var idByPath: [PathKey: ItemID] = [:]
    private var nextID = 0

    /// Creates an empty library.
    public init() {}

    /// Creates a library holding `paths`, sorted by name.
    public init(paths: [String]) {
        add(paths: paths)
    }

    /// Adds paths not already present, keeps display order sorted, and returns the ids of all given paths.
    @discardableResult
    public mutating func add(paths: [String]) -> [ItemID] {
        var ids: [ItemID] = []
        for path in paths {
            if let existing = idByPath[PathKey(path)] { ids.append(existing); continue }
            let id = ItemID(nextID)
            nextID += 1
            idByPath[PathKey(path)] = id
            items.append(LibraryItem(id: id, path: path))
            ids.append(id)
        }
        items.sort(by: Library.displayOrder)
        reindex()
        return ids
    }

    /// The display order: by file name as a person reads it, then by folder.
    public static func displayOrder(_ a: LibraryItem, _ b: LibraryItem) -> Bool {
        let (na, nb) = (a.name.lowercased(), b.name.lowercased())
        if na.compare(nb) { return true }
        if nb.compare(na) { return false }
        // Names equal in natural order ("clip 01", "clip 1") still need a total order, independent of discovery.
        if na != nb { return na < nb }
        // Bytes, not String order: canonically equal names of two different files must still be ordered.
        return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
    }

    private mutating func reindex() {
        indexByID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, $0) })
    }

    /// The number of items.
    public var count: Int { items.count }

    /// The item with `id`, if present.
    public func item(_ id: ItemID) -> LibraryItem? {
        indexByID[id].map { items[$0] }
    }

    /// The display position of `id`.
    public func index(of id: ItemID) -> Int? { indexByID[id] }

    /// The id for `path`, if the library holds it.
    public func id(forPath path: String) -> ItemID? { idByPath[PathKey(path)] }

    /// Records a probe result for `id`.
    public mutating func update(_ id: ItemID, state: ProbeState) {
        guard let index = indexByID[id] else { return }
        items[index].state = state
    }

    /// Removes the items whose paths `leaves` selects and returns their ids, in display order.
    @discardableResult
    public mutating func remove(where leaves: (LibraryItem) -> Bool) -> [ItemID] {
        let gone = items.filter(leaves)
        guard !gone.isEmpty else { return [] }
        items.removeAll(where: leaves)
        for item in gone { idByPath[PathKey(item.path)] = nil }
        reindex()
        return gone.map(\.id)
    }

    /// The playable item after `id` in display order, if any.
    public func playable(after id: ItemID) -> ItemID? {
        guard let index = indexByID[id] else { return nil }
        return items[(index + 1)...].first(where: \.isPlayable)?.id
    }
}

extension String {
    /// Natural order, so "clip 2" sorts before "clip 10".
    fileprivate func compare(_ other: String) -> Bool {
        var (a, b) = (self[...], other[...])
        while let ca = a.first, let cb = b.first {
            if ca.isNumber && cb.isNumber {
                let da = a.prefix(while: \.isNumber), db = b.prefix(while: \.isNumber)
                let (ta, tb) = (da.drop(while: { $0 == "0" }), db.drop(while: { $0 == "0" }))
                if ta.count != tb.count { return ta.count < tb.count }
                if ta != tb { return ta < tb }
                a = a.dropFirst(da.count); b = b.dropFirst(db.count)
            } else {
                if ca != cb { return ca < cb }
                a = a.dropFirst(); b = b.dropFirst()
            }
        }
        return a.isEmpty && !b.isEmpty
    }
}

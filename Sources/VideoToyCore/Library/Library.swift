/// The ordered set of files the window lists, sorted by name, with stable identities.
///
/// Adding costs the new paths' sort plus one linear pass, however large the library: a folder of 100,000 files
/// is ordered off the main thread (`LibraryBatch`) and merged here in one pass.
public struct Library: Sendable {
    /// The items in display order.
    public private(set) var items: [LibraryItem] = []
    // Display position by raw id (ids are handed out in sequence); -1 once an item is removed.
    private(set) var indexByRaw: [Int32] = []
    // What the value orders compare, by raw id: a sort on another thread copies these, never the items.
    private(set) var sortValues: [SortValues] = []
    private var idByPath: [PathKey: ItemID] = [:]
    // The languages of the subtitle files beside each item that has any, as the last listing of its folder found them.
    var sidecars: [ItemID: [Language?]] = [:]
    /// Goes up each time items are added or removed (probe results leave it alone), so work done on a copy can tell
    /// whether the rows it saw are still the library's.
    public private(set) var revision = 0
    // Below one new file per this many items, inserting in place moves less than merging into a copy.
    private static let inPlaceRatio = 64

    /// Creates an empty library.
    public init() {}

    /// Creates a library holding `paths`, sorted by name.
    public init(paths: [String]) {
        add(paths: paths)
    }

    /// Adds paths not already present, keeps display order sorted, and returns the ids of all given paths.
    @discardableResult
    public mutating func add(paths: [String]) -> [ItemID] {
        merge(LibraryBatch(paths: paths))
        return paths.compactMap { idByPath[PathKey($0)] }
    }

    /// Adds a batch ordered beforehand (on any thread): the paths it holds that the library lacks are merged in
    /// display order in one pass. Returns the ids of all its paths and the display positions of the new ones.
    @discardableResult
    public mutating func merge(_ batch: LibraryBatch) -> LibraryAddition {
        if indexByRaw.isEmpty, let built = batch.built {
            // The first batch of an empty library was made into one on the loading thread: taken as it is.
            let (revision, sidecars) = (self.revision, self.sidecars)
            self = built
            self.revision = revision + (built.items.isEmpty ? 0 : 1)
            self.sidecars = sidecars
            let ids = items.map(\.id)
            return LibraryAddition(ids: ids, added: ids, positions: Array(items.indices), keysMade: 0)
        }
        var ids: [ItemID] = []
        ids.reserveCapacity(batch.count)
        var fresh: [(key: NameOrder, id: ItemID)] = []
        // A batch built for an empty library, merged into one that is not: its items are already in order.
        let keys = batch.built.map { $0.items.map { NameOrder(path: $0.path) } } ?? batch.keys
        for key in keys {
            let pathKey = PathKey(key.path)
            if let existing = idByPath[pathKey] { ids.append(existing); continue }
            let id = ItemID(indexByRaw.count)
            indexByRaw.append(-1)
            sortValues.append(.unknown)
            idByPath[pathKey] = id
            ids.append(id)
            fresh.append((key, id))
        }
        guard !fresh.isEmpty else { return LibraryAddition(ids: ids, added: [], positions: [], keysMade: 0) }
        revision += 1
        let (slots, made) = insertionSlots(for: fresh.map(\.key))
        if fresh.count * Self.inPlaceRatio < items.count {
            // A few files dropped on a large library: each insert moves the items after it bitwise, where a merged
            // copy would retain and release every item of the library.
            var positions: [Int] = []
            positions.reserveCapacity(fresh.count)
            for (offset, (slot, new)) in zip(slots, fresh).enumerated() {
                items.insert(LibraryItem(id: new.id, path: new.key.path), at: slot + offset)
                positions.append(slot + offset)
            }
            reindex(from: positions[0])
            return LibraryAddition(ids: ids, added: fresh.map(\.id), positions: positions, keysMade: made)
        }
        var merged: [LibraryItem] = []
        merged.reserveCapacity(items.count + fresh.count)
        var positions: [Int] = []
        positions.reserveCapacity(fresh.count)
        var next = 0
        for (slot, new) in zip(slots, fresh) {
            merged.append(contentsOf: items[next..<slot])
            next = slot
            positions.append(merged.count)
            merged.append(LibraryItem(id: new.id, path: new.key.path))
        }
        merged.append(contentsOf: items[next...])
        items = merged
        reindex(from: positions[0])
        return LibraryAddition(ids: ids, added: fresh.map(\.id), positions: positions, keysMade: made)
    }

    /// For each new key (in display order), how many current items come before it; and how many current items'
    /// keys were made to find out.
    private func insertionSlots(for keys: [NameOrder]) -> (slots: [Int], keysMade: Int) {
        guard !items.isEmpty else { return (Array(repeating: 0, count: keys.count), 0) }
        // A few files dropped on a large library: a binary search each. Many: one walk along both lists. Either way,
        // each current item's key is made at most a handful of times.
        let logN = Int.bitWidth - items.count.leadingZeroBitCount
        var slots: [Int] = []
        slots.reserveCapacity(keys.count)
        var made = 0
        if keys.count * logN < items.count {
            var low = 0
            for key in keys {
                var high = items.count
                while low < high {
                    let mid = (low + high) / 2
                    made += 1
                    if NameOrder.precedes(NameOrder(path: items[mid].path), key) { low = mid + 1 } else { high = mid }
                }
                slots.append(low)
            }
        } else {
            var index = 0
            var current = NameOrder(path: items[0].path)
            made = 1
            for key in keys {
                while index < items.count, NameOrder.precedes(current, key) {
                    index += 1
                    if index < items.count {
                        current = NameOrder(path: items[index].path)
                        made += 1
                    }
                }
                slots.append(index)
            }
        }
        return (slots, made)
    }

    /// The display order: by file name as a person reads it, then by folder.
    public static func displayOrder(_ a: LibraryItem, _ b: LibraryItem) -> Bool {
        NameOrder.precedes(NameOrder(path: a.path), NameOrder(path: b.path))
    }

    private mutating func reindex(from start: Int = 0) {
        for position in start..<items.count { indexByRaw[items[position].id.rawValue] = Int32(position) }
    }

    /// The number of items.
    public var count: Int { items.count }

    /// How many ids have been handed out: every id's raw value is below it.
    public var idLimit: Int { indexByRaw.count }

    /// The item with `id`, if present.
    public func item(_ id: ItemID) -> LibraryItem? {
        index(of: id).map { items[$0] }
    }

    /// The display position of `id`.
    public func index(of id: ItemID) -> Int? {
        guard id.rawValue >= 0, id.rawValue < indexByRaw.count else { return nil }
        let position = indexByRaw[id.rawValue]
        return position < 0 ? nil : Int(position)
    }

    /// The id for `path`, if the library holds it.
    public func id(forPath path: String) -> ItemID? { idByPath[PathKey(path)] }

    /// Records a probe result for `id`.
    public mutating func update(_ id: ItemID, state: ProbeState) {
        guard let index = index(of: id) else { return }
        items[index].state = state
        sortValues[id.rawValue] = SortValues(state)
    }

    /// Removes the items whose paths `leaves` selects and returns their ids, in display order.
    @discardableResult
    public mutating func remove(where leaves: (LibraryItem) -> Bool) -> [ItemID] {
        let gone = items.filter(leaves)
        guard !gone.isEmpty else { return [] }
        items.removeAll(where: leaves)
        revision += 1
        for item in gone {
            idByPath[PathKey(item.path)] = nil
            indexByRaw[item.id.rawValue] = -1
            sortValues[item.id.rawValue] = .unknown
            sidecars[item.id] = nil
        }
        reindex()
        return gone.map(\.id)
    }

    /// The playable item after `id` in display order, if any.
    public func playable(after id: ItemID) -> ItemID? {
        guard let index = index(of: id) else { return nil }
        return items[(index + 1)...].first(where: \.isPlayable)?.id
    }
}

/// Paths put in display order ahead of time, off the main thread: the costly part of adding many files.
public struct LibraryBatch: Sendable {
    let keys: [NameOrder]
    /// The library these paths make on their own, for an empty library to take whole.
    let built: Library?

    /// Orders `paths` (duplicates dropped, the first kept). With `prebuilt`, it also builds the library they
    /// make alone (ids, indexes), which an empty library then takes without any per-item work.
    public init(paths: [String], prebuilt: Bool = false) {
        // Duplicates are dropped after sorting: one path's keys are equal, so its copies end up side by side, the
        // first found first (the sort is stable), and one pass drops the rest with no set of 100,000 paths.
        var sorted = paths.map(NameOrder.init(path:)).sorted(by: NameOrder.precedes)
        var kept = 0
        for index in sorted.indices where kept == 0 || !sorted[index].path.utf8.elementsEqual(sorted[kept - 1].path.utf8) {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        guard prebuilt else {
            (self.keys, built) = (sorted, nil)
            return
        }
        var library = Library()
        library.merge(LibraryBatch(sorted: sorted))
        (self.keys, built) = ([], library)
    }

    private init(sorted: [NameOrder]) {
        (keys, built) = (sorted, nil)
    }

    /// How many distinct paths the batch holds.
    public var count: Int { built?.count ?? keys.count }

    /// The paths, in display order.
    public var paths: [String] { built?.items.map(\.path) ?? keys.map(\.path) }
}

/// What merging a batch into the library did.
public struct LibraryAddition: Sendable, Equatable {
    /// The ids of every path in the batch, in the batch's (display) order.
    public var ids: [ItemID]
    /// The ids of the paths the library did not hold before, in display order.
    public var added: [ItemID]
    /// The display positions of `added` after the merge, ascending.
    public var positions: [Int]
    /// How many sort keys of items already listed the merge made: about log2(n) per file for a few files, at most
    /// one per listed item for many, never n log n.
    public var keysMade: Int
}

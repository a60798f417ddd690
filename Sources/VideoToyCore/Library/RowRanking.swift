/// The library's items in a date, duration or size order: those whose value is known, smallest (or largest) first,
/// ties in library order, then those whose value is unknown, in library order.
///
/// Made off the main thread (`RowSortJob`), because sorting 100,000 rows takes longer than a frame; the main thread
/// swaps it in and then follows the library's additions and removals in one pass each, without comparing values.
/// It does not follow probe results: the controller has a fresh one made for those, at most once a second.
public struct RowRanking: Sendable {
    /// The order.
    public let sort: RowSort
    /// The library's revision it was made from, or last followed.
    public private(set) var revision: Int
    /// How many items' values were read to make it: one per item, never one per comparison.
    public let valuesRead: Int
    /// How many comparisons the sort made: about n log2 n.
    public let comparisons: Int
    /// Which choice of order asked for it.
    let ticket: Int
    /// Every item, in order.
    private(set) var ids: [ItemID]
    // Where the items whose value was unknown begin in `ids`.
    private var unknownStart: Int
    // The library's id limit it has seen: items with ids from there on were added since.
    private var idLimit: Int

    /// The ranking of `library` by `sort`, made here and now (the name orders need none: every item comes out
    /// unknown, in library order).
    public init(_ sort: RowSort, of library: Library) {
        self.init(RowSortJob(sort: sort, ticket: 0, library: library))
    }

    /// Sorts what `job` copied.
    init(_ job: RowSortJob) {
        struct Entry {
            var key: UInt64
            var position: Int32
            var raw: Int32
        }
        let key = job.sort.key, ascending = job.sort.ascending
        var known: [Entry] = []
        known.reserveCapacity(job.count)
        // Unknown items by display position: they keep library order without being sorted.
        var unknown = [Int32](repeating: -1, count: job.count)
        var read = 0
        for raw in job.positions.indices where job.positions[raw] >= 0 {
            read += 1
            guard let value = job.values[raw].value(key) else {
                unknown[Int(job.positions[raw])] = Int32(raw)
                continue
            }
            // Flipping the sign bit orders signed values as unsigned ones; inverting every bit reverses that order.
            let unsigned = UInt64(bitPattern: value) ^ (1 << 63)
            known.append(Entry(key: ascending ? unsigned : ~unsigned, position: job.positions[raw], raw: Int32(raw)))
        }
        var comparisons = 0
        known.sort { a, b in
            comparisons += 1
            return a.key != b.key ? a.key < b.key : a.position < b.position
        }
        var ids: [ItemID] = []
        ids.reserveCapacity(read)
        for entry in known { ids.append(ItemID(Int(entry.raw))) }
        let unknownStart = ids.count
        for raw in unknown where raw >= 0 { ids.append(ItemID(Int(raw))) }
        (sort, revision, ticket, idLimit) = (job.sort, job.revision, job.ticket, job.positions.count)
        (self.ids, self.unknownStart, valuesRead, self.comparisons) = (ids, unknownStart, read, comparisons)
    }

    /// Follows `library` after items came or went: gone items leave, and items added since, which nothing has
    /// probed yet, join the unknown ones in library order. One pass over the ranking and one over the new items;
    /// returns how many rows it looked at.
    mutating func follow(_ library: Library) -> Int {
        guard revision != library.revision else { return 0 }
        var examined = ids.count
        var next = ids[..<unknownStart].filter { library.index(of: $0) != nil }
        let known = next.count
        // Both lists are in library order, with display positions: merged by those.
        let unknown = ids[unknownStart...].compactMap { id in library.index(of: id).map { (id, $0) } }
        var added: [(ItemID, Int)] = []
        if library.idLimit > idLimit {
            examined += library.count
            for (position, item) in library.items.enumerated() where item.id.rawValue >= idLimit { added.append((item.id, position)) }
        }
        next.reserveCapacity(known + unknown.count + added.count)
        var (u, a) = (0, 0)
        while u < unknown.count || a < added.count {
            if u == unknown.count || (a < added.count && added[a].1 < unknown[u].1) {
                next.append(added[a].0)
                a += 1
            } else {
                next.append(unknown[u].0)
                u += 1
            }
        }
        (ids, unknownStart, idLimit, revision) = (next, known, library.idLimit, library.revision)
        return examined
    }
}

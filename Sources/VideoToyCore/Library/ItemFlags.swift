/// A set of item ids kept as one bit per raw value: ids are small and dense, so marking the 100,000 rows of a
/// library just listed costs a pass over an array, where a hashed set paid a hash and an insert for each.
struct ItemFlags: Sendable, Equatable {
    private var words: [UInt64] = []

    /// Whether `id` is marked.
    func contains(_ id: ItemID) -> Bool {
        let (word, bit) = Self.place(id)
        return word < words.count && words[word] & bit != 0
    }

    /// Marks every id in `ids`.
    mutating func insert(contentsOf ids: some Sequence<ItemID>) {
        for id in ids {
            let (word, bit) = Self.place(id)
            if word >= words.count { words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count))) }
            words[word] |= bit
        }
    }

    /// Unmarks `id`.
    mutating func remove(_ id: ItemID) {
        let (word, bit) = Self.place(id)
        guard word < words.count else { return }
        words[word] &= ~bit
    }

    /// The word and bit of `id`; raw values are never negative.
    private static func place(_ id: ItemID) -> (word: Int, bit: UInt64) {
        let raw = max(0, id.rawValue)
        return (raw >> 6, 1 << UInt64(raw & 63))
    }
}

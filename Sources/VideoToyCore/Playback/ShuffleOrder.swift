/// The shuffled order "next" follows while Shuffle is on: one permutation of the rows shown per round, so every row
/// plays once before any plays again.
///
/// A value type with its own seeded generator: the same seed gives the same rounds, and no read changes anything (the
/// next round is worked out from a copy of the generator, and made for real only when it starts).
public struct ShuffleOrder: Sendable, Equatable {
    /// Whether "next" follows the shuffled order.
    public private(set) var isOn = false
    /// This round's order.
    public private(set) var round: [ItemID] = []
    /// The rows of this round that have played.
    public private(set) var played: Set<ItemID> = []
    private var generator: Generator

    /// An order that is off, shuffling with `seed` once turned on.
    public init(seed: UInt64) {
        generator = Generator(state: seed)
    }

    /// Turns shuffling on or off; turning it on shuffles `rows`, with `current` counted as played in this round.
    public mutating func turn(_ on: Bool, rows: [ItemID], current: ItemID?) {
        guard on != isOn else { return }
        isOn = on
        played = []
        round = []
        guard on else { return }
        round = Self.shuffled(rows, with: &generator)
        if let current, round.contains(current) { played = [current] }
    }

    /// The rows shown changed (a search, files added or removed): a new permutation of them, keeping what played.
    public mutating func rowsChanged(_ rows: [ItemID]) {
        guard isOn else { return }
        let now = Set(rows)
        // A new sort shows the same rows in another order: the shuffled order has nothing to follow.
        guard now != Set(round) else { return }
        round = Self.shuffled(rows, with: &generator)
        played.formIntersection(now)
    }

    /// `id` started playing: it has had its turn in this round; a row that already had its turn begins the next round.
    public mutating func started(_ id: ItemID) {
        guard isOn, round.contains(id) else { return }
        guard played.contains(id) else {
            played.insert(id)
            return
        }
        // Rows that cannot be played never get a turn, so "every row has played" cannot mark a round's end; a row
        // playing a second time can, and it is the first row `next` offers once the round is over.
        round = Self.shuffled(round, with: &generator)
        played = [id]
    }

    /// The row to play after `current`: the first of this round not yet played; once all have, the first of the next
    /// round when `wrap` (nil otherwise). Rows `playable` refuses are passed over.
    public func next(after current: ItemID?, wrap: Bool, playable: (ItemID) -> Bool) -> ItemID? {
        if let left = round.first(where: { !played.contains($0) && $0 != current && playable($0) }) { return left }
        guard wrap, !round.isEmpty else { return nil }
        var copy = generator
        let following = Self.shuffled(round, with: &copy)
        return following.first { $0 != current && playable($0) } ?? current.flatMap { playable($0) ? $0 : nil }
    }

    private static func shuffled(_ rows: [ItemID], with generator: inout Generator) -> [ItemID] {
        // Sorted first, so the permutation depends on the seed and the rows, never on the order they are shown in.
        rows.sorted { $0.rawValue < $1.rawValue }.shuffled(using: &generator)
    }

    /// SplitMix64: small, fast and fixed by its seed, which the standard library's generator is not.
    private struct Generator: RandomNumberGenerator, Sendable, Equatable {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

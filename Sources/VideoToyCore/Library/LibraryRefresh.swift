/// What looking again at one library folder changed in the library; empty when nothing did.
public struct LibraryRefresh: Hashable, Sendable {
    /// Items new to the library, in display order.
    public var added: [ItemID] = []
    /// The display positions of `added` after the refresh, ascending: where rows were inserted.
    public var inserted: [Int] = []
    /// Items whose file is no longer there; they stay listed as vanished.
    public var gone: [ItemID] = []
    /// Vanished items whose file is there again; they wait to be probed again.
    public var back: [ItemID] = []
    /// Items whose file was rewritten; they wait to be probed again.
    public var changed: [ItemID] = []

    /// Creates a refresh that changed nothing.
    public init() {}

    /// Creates a refresh from its parts (tests).
    public init(added: [ItemID] = [], inserted: [Int] = [], gone: [ItemID] = [], back: [ItemID] = [], changed: [ItemID] = []) {
        self.added = added
        self.inserted = inserted
        self.gone = gone
        self.back = back
        self.changed = changed
    }

    /// True when the refresh changed nothing.
    public var isEmpty: Bool { added.isEmpty && gone.isEmpty && back.isEmpty && changed.isEmpty }

    /// True when rows appeared, vanished or came back (a rewritten file alone does not count).
    public var changesRows: Bool { !added.isEmpty || !gone.isEmpty || !back.isEmpty }
}

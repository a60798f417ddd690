/// Pre-rolling the selected row: a paused pipeline made ahead of Enter, so playing shows the first frame at once.
///
/// A value-type state machine: feed it `Event`s and carry out the returned `Effect`s. At most one item is pre-rolled,
/// only after its selection settled for `dwellMilliseconds`, never while a video plays, and every pipeline prepared is
/// either adopted by playing that item or discarded.
public struct Preroll: Sendable {
    /// How long a selection must stay before its pipeline is prepared: holding Down must not build one per row.
    public static let dwellMilliseconds = 300

    /// Where the machine is.
    public enum Phase: Hashable, Sendable {
        /// Nothing selected that may be pre-rolled.
        case idle
        /// The item is selected but may not be pre-rolled now: its probe has not finished, or a video plays.
        case held(ItemID)
        /// The item is selected and the dwell timer runs.
        case waiting(ItemID)
        /// A paused player of the item exists, placed nowhere.
        case ready(ItemID)
    }

    /// Something that happened to the selection or to playback.
    public enum Event: Hashable, Sendable {
        /// The selection changed to an item (nil: none); `eligible` says whether it may be pre-rolled now.
        case selected(ItemID?, eligible: Bool)
        /// The dwell timer of the item ran out.
        case dwelt(ItemID)
        /// The item may be pre-rolled now (its probe finished); only a selected item that was held starts its dwell.
        case eligible(ItemID)
        /// The user (or a playlist, MPRIS, `--play`) chose to play the item.
        case activated(ItemID)
        /// The item's pre-rolled pipeline failed, or could not be built.
        case failed(ItemID)
        /// The item left the library.
        case removed(ItemID)
        /// A video started playing some other way: nothing may be pre-rolled beside it.
        case somethingPlays
        /// The app is quitting.
        case shutdown
    }

    /// What the controller must do.
    public enum Effect: Hashable, Sendable {
        /// Start the dwell timer of the item.
        case startDwell(ItemID)
        /// Cancel the running dwell timer.
        case cancelDwell
        /// Make the item's paused player and its view, not placed anywhere.
        case prepare(ItemID)
        /// Close the item's pre-rolled player and drop its view, remembering nothing.
        case discard(ItemID)
        /// Make the item's pre-rolled player its live player, before it plays.
        case adopt(ItemID)
    }

    /// Where the machine is now.
    public private(set) var phase: Phase = .idle

    /// Creates an idle machine.
    public init() {}

    /// The item whose paused player exists now, if any.
    public var prepared: ItemID? {
        if case .ready(let id) = phase { return id }
        return nil
    }

    /// Handles one event and returns what the controller must do, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .selected(let id, let eligible):
            return select(id, eligible: eligible)
        case .dwelt(let id):
            guard phase == .waiting(id) else { return [] }
            phase = .ready(id)
            return [.prepare(id)]
        case .eligible(let id):
            guard phase == .held(id) else { return [] }
            phase = .waiting(id)
            return [.startDwell(id)]
        case .activated(let id):
            if phase == .ready(id) {
                phase = .idle
                return [.adopt(id)]
            }
            return stop()
        case .failed(let id), .removed(let id):
            guard phase == .held(id) || phase == .waiting(id) || phase == .ready(id) else { return [] }
            return stop()
        case .somethingPlays, .shutdown:
            return stop()
        }
    }

    private mutating func select(_ id: ItemID?, eligible: Bool) -> [Effect] {
        if let id, eligible, phase == .waiting(id) || phase == .ready(id) { return [] }
        if let id, !eligible, phase == .held(id) { return [] }
        var effects = stop()
        if let id, eligible {
            phase = .waiting(id)
            effects.append(.startDwell(id))
        } else if let id {
            phase = .held(id)
        }
        return effects
    }

    /// Back to idle, undoing whatever runs or exists.
    private mutating func stop() -> [Effect] {
        defer { phase = .idle }
        switch phase {
        case .idle, .held: return []
        case .waiting: return [.cancelDwell]
        case .ready(let id): return [.discard(id)]
        }
    }
}

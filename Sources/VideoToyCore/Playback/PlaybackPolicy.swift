/// The exclusive-playback policy: only one video plays, others keep their position, and the end is handled.
///
/// A value-type state machine: feed it `PlaybackEvent`s and carry out the returned `PlaybackEffect`s.
public struct PlaybackPolicy: Sendable {
    /// What to do at the end of a video.
    public private(set) var onEnd: OnEnd
    /// Quit after the last video ends: finished (never with `.loop`), or failed.
    public let exitOnEnd: Bool
    /// How many players may stay alive (paused) before the oldest is released.
    public let maxLivePlayers: Int
    /// The shuffled order "next" follows while Shuffle is on.
    public private(set) var order: ShuffleOrder

    /// The item the user chose most recently.
    public private(set) var current: ItemID?
    /// The known state of each item that has been played.
    public private(set) var states: [ItemID: ItemPlayback] = [:]
    /// Items with a live player, least recently used first.
    public private(set) var live: [ItemID] = []

    /// Creates a policy; `shuffleSeed` fixes the shuffled orders (tests), a random one otherwise.
    public init(onEnd: OnEnd = .stop, exitOnEnd: Bool = false, maxLivePlayers: Int = 3, shuffleSeed: UInt64 = 0) {
        self.onEnd = onEnd
        order = ShuffleOrder(seed: shuffleSeed)
        self.exitOnEnd = exitOnEnd
        self.maxLivePlayers = max(1, maxLivePlayers)
    }

    /// The video whose view routing places (on an external screen when there is one): the current one while it
    /// plays or is paused; nil once it finished, failed or left the library.
    public var routed: ItemID? {
        guard let current else { return nil }
        switch states[current] {
        case .playing?, .paused?: return current
        default: return nil
        }
    }

    /// Whether "next" follows a shuffled order of the rows shown.
    public var shuffle: Bool { order.isOn }

    /// Whether "next" goes from the last row to the first: a playlist that loops, unless the app quits at the end.
    public var wraps: Bool { onEnd == .next && !exitOnEnd }

    /// The item playing now, if any.
    public var playing: ItemID? {
        states.first(where: { $0.value == .playing })?.key
    }

    /// Handles one event and returns what the adapters must do, in order.
    public mutating func handle(_ event: PlaybackEvent) -> [PlaybackEffect] {
        switch event {
        case .activate(let id):
            return activate(id)
        case .pause(let id):
            guard states[id] == .playing else { return [] }
            states[id] = .paused(positionMs: 0)
            return [.pause(id)]
        case .paused(let id, let position):
            // Only a pause the policy asked for records a position; a late report must not undo a play.
            if case .paused = states[id] { states[id] = .paused(positionMs: position) }
            return []
        case .finished(let id, let next):
            return finish(id, next: next)
        case .failed(let id, let error, let next):
            return fail(id, error: error, next: next)
        case .removed(let id):
            let wasLive = live.contains(id)
            states[id] = nil
            live.removeAll { $0 == id }
            if current == id { current = nil }
            // A removed video ends no show: nothing next starts, and a kiosk does not quit.
            return wasLive ? [.leaveFullscreen(id), .release(id)] : []
        case .setOnEnd(let value):
            onEnd = value
            return []
        case .setShuffle(let on, let rows):
            order.turn(on, rows: rows, current: current)
            return []
        case .rowsShown(let rows):
            order.rowsChanged(rows)
            return []
        }
    }

    private mutating func fail(_ id: ItemID, error: PlaybackError, next: ItemID?) -> [PlaybackEffect] {
        let wasCurrent = current == id
        states[id] = .failed(error)
        live.removeAll { $0 == id }
        if wasCurrent { current = nil }
        var effects: [PlaybackEffect] = [.markFailed(id, error: error), .leaveFullscreen(id), .release(id)]
        // Only the video being watched ends the show; a late error from one paused long ago does not.
        guard wasCurrent else { return effects }
        if case .next = onEnd, let next, next != id {
            // A playlist skips a video it cannot play, as it would move on from one that finished.
            effects += activate(next)
        } else if exitOnEnd {
            // A kiosk must not sit on an error message: it quits, and its status says the video failed.
            effects.append(.quit(.failed))
        }
        return effects
    }

    private mutating func activate(_ id: ItemID) -> [PlaybackEffect] {
        if states[id] == .playing { return [] }
        var effects: [PlaybackEffect] = []
        if let other = playing, other != id {
            states[other] = .paused(positionMs: 0)
            effects.append(.pause(other))
        }
        let wasLive = live.contains(id)
        switch states[id] {
        case .paused(let position) where !wasLive:
            effects.append(.play(id, fromMs: position > 0 ? position : nil))
        default:
            effects.append(.play(id, fromMs: nil))
        }
        states[id] = .playing
        current = id
        order.started(id)
        live.removeAll { $0 == id }
        live.append(id)
        while live.count > maxLivePlayers {
            let oldest = live.removeFirst()
            effects.append(.release(oldest))
        }
        return effects
    }

    /// The seed's finished callback: leave fullscreen, show the end, and release the player and its observers.
    private mutating func finishedCleanup(_ id: ItemID) -> [PlaybackEffect] {
        states[id] = .finished
        live.removeAll { $0 == id }
        return [.leaveFullscreen(id), .markFinished(id), .release(id)]
    }

    private mutating func finish(_ id: ItemID, next: ItemID?) -> [PlaybackEffect] {
        guard states[id] == .playing else { return [] }
        switch onEnd {
        case .loop:
            return [.restart(id)]
        case .next where next == id:
            // A playlist of one video that loops: it starts over, as a loop does, keeping its player.
            return [.restart(id)]
        case .next where next != nil:
            return finishedCleanup(id) + activate(next!)
        case .stop, .next:
            var effects = finishedCleanup(id)
            if exitOnEnd { effects.append(.quit(.finished)) }
            return effects
        }
    }
}

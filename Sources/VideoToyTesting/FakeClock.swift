import VideoToyCore

/// Grace timers on a clock that only moves when a test says so.
public struct FakeClock: Hashable, Sendable {
    /// Milliseconds since the clock was created.
    public private(set) var now = 0
    /// The due time of every running timer.
    public private(set) var timers: [ScreenID: Int] = [:]

    /// Creates a clock at zero with no timers.
    public init() {}

    /// Starts or restarts the screen's timer.
    public mutating func start(_ id: ScreenID, milliseconds: Int) { timers[id] = now + milliseconds }

    /// Cancels the screen's timer, if it runs.
    public mutating func cancel(_ id: ScreenID) { timers[id] = nil }

    /// Moves time forward and returns the timers that fired, earliest first; they stop running.
    public mutating func advance(by milliseconds: Int) -> [ScreenID] {
        now += milliseconds
        let fired = timers.filter { $0.value <= now }.sorted { ($0.value, $0.key.connector) < ($1.value, $1.key.connector) }
        for (id, _) in fired { timers[id] = nil }
        return fired.map(\.key)
    }
}

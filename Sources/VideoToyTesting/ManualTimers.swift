import VideoToyCore

/// Timers whose time moves only when a test calls `advance(by:)`.
@MainActor
public final class ManualTimers: TimerScheduling {
    private var pending: [(due: Int, order: Int, timer: ScheduledTimer, body: @MainActor () -> Void)] = []
    private var made = 0

    /// Milliseconds since the scheduler was created.
    public private(set) var now = 0

    /// Creates a scheduler at zero.
    public init() {}

    /// How many timers are still waiting (cancelled ones excluded).
    public var running: Int { pending.filter { !$0.timer.isCancelled }.count }

    /// Runs `body` once `advance(by:)` has moved time past `milliseconds` from now.
    public func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer()
        made += 1
        pending.append((now + milliseconds, made, timer, body))
        return timer
    }

    /// Moves time forward, running every timer that comes due, earliest first.
    public func advance(by milliseconds: Int) {
        let target = now + milliseconds
        while let next = pending.filter({ $0.due <= target }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            pending.removeAll { $0.order == next.order }
            now = next.due
            if !next.timer.isCancelled { next.body() }
        }
        now = target
    }
}

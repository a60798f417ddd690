import VideoToyCore

/// Background work that runs only when a test says, so a test can change things between a job's start and its
/// result, as a busy machine would.
@MainActor
public final class ManualBackgroundQueue: BackgroundQueueing {
    private var jobs: [@MainActor () -> Void] = []

    /// How many jobs have run so far.
    public private(set) var ran = 0

    /// Creates an empty queue.
    public init() {}

    /// How many jobs wait.
    public var waiting: Int { jobs.count }

    /// Keeps `work` until `runNext()` or `runAll()`.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then deliver: @escaping @MainActor (Value) -> Void) {
        jobs.append { deliver(work()) }
    }

    /// Runs the oldest waiting job and delivers its result; false when none waits.
    @discardableResult
    public func runNext() -> Bool {
        guard !jobs.isEmpty else { return false }
        let job = jobs.removeFirst()
        ran += 1
        job()
        return true
    }

    /// Runs jobs, and any their results queue, until none waits.
    public func runAll() {
        while runNext() {}
    }
}

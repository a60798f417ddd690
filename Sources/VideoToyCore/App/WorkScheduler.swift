/// Runs blocking jobs on worker threads, a bounded number at a time, urgent ones first.
///
/// Results come back on the main thread. A job is keyed, so asking again for a queued key only
/// raises its priority instead of queueing a duplicate.
@MainActor
public final class WorkScheduler<Key: Hashable & Sendable, Value: Sendable> {
    private let limit: Int
    private let queue: BackgroundQueueing
    private let work: @Sendable (Key) -> Value
    private let deliver: @MainActor (Key, Value) -> Void
    // Urgent jobs are the rows on screen: a few dozen, so linear work on them is cheap.
    private var urgent: [Key] = []
    // Background jobs can be the whole library. Entries are dropped lazily: one whose ticket is no longer the key's
    // (it became urgent, was forgotten, or was queued again later) is skipped when it comes up, so asking,
    // withdrawing and forgetting cost nothing per queued job.
    private var background: [(key: Key, ticket: Int)] = []
    private var backgroundHead = 0
    private var tickets: [Key: Int] = [:]
    private var nextTicket = 0
    // Withdrawn jobs run before the rest of the background, the most recently withdrawn first.
    private var withdrawn: [Key] = []
    private var urgentKeys: Set<Key> = []
    private var queued: Set<Key> = []
    private var running: Set<Key> = []
    // Running jobs whose result is out of date; the value says whether to run again (and how urgently).
    private var stale: [Key: Bool?] = [:]
    /// Orders urgent jobs, lowest first (the distance of a row from the rows on screen); nil keeps newest first.
    public var priority: ((Key) -> Int)?
    /// Whether a queued job may start now; while it says no, jobs wait until `resume()`. Nil always allows.
    public var mayStart: (() -> Bool)?
    /// Called when the last queued or running job has finished and nothing waits.
    public var onIdle: (() -> Void)?

    /// Creates a scheduler running at most `limit` jobs at once on `queue` (default: libdispatch's worker threads).
    public init(
        limit: Int, queue: BackgroundQueueing? = nil, work: @escaping @Sendable (Key) -> Value,
        deliver: @escaping @MainActor (Key, Value) -> Void
    ) {
        self.limit = max(1, limit)
        self.queue = queue ?? ConcurrentBackgroundQueue()
        self.work = work
        self.deliver = deliver
    }

    /// Queues `key`; urgent jobs (rows on screen) run before background ones, newest first.
    public func request(_ key: Key, urgent isUrgent: Bool) {
        if running.contains(key) {
            // An out-of-date run is thrown away when it ends; this request runs the job again then.
            if let again = stale[key] { stale[key] = (again ?? false) || isUrgent }
            return
        }
        if queued.contains(key) {
            guard isUrgent else { return }
            if urgentKeys.contains(key) { urgent.removeAll { $0 == key } }
        }
        queued.insert(key)
        if isUrgent {
            urgent.append(key)
            urgentKeys.insert(key)
            tickets[key] = nil
        } else {
            nextTicket += 1
            tickets[key] = nextTicket
            background.append((key, nextTicket))
        }
        pump()
    }

    /// Moves a queued urgent job back to the background (its row left the screen).
    public func withdraw(_ key: Key) {
        guard queued.contains(key), urgentKeys.remove(key) != nil else { return }
        urgent.removeAll { $0 == key }
        withdrawn.append(key)
    }

    /// Forgets `key`: a queued job is dropped, and a running one's result is thrown away when it ends.
    ///
    /// A later `request` queues the job afresh, or, while the old run is still going, runs it again once it ends.
    public func invalidate(_ key: Key) {
        let wasQueued = queued.remove(key) != nil
        if wasQueued, urgentKeys.remove(key) != nil {
            urgent.removeAll { $0 == key }
        }
        tickets[key] = nil
        if running.contains(key) { stale[key] = .some(nil) }
        // Dropping the last waiting job leaves nothing to finish, so nothing else would say so.
        if wasQueued { announceIfIdle() }
    }

    /// Drops `key` if it is queued; a running job goes on and delivers as usual.
    public func dropQueued(_ key: Key) {
        guard queued.remove(key) != nil else { return }
        if urgentKeys.remove(key) != nil { urgent.removeAll { $0 == key } }
        tickets[key] = nil
        announceIfIdle()
    }

    private func announceIfIdle() {
        if queued.isEmpty && running.isEmpty { onIdle?() }
    }

    /// Starts waiting jobs again after `mayStart` has changed its answer.
    public func resume() { pump() }

    /// Jobs waiting or running.
    public var pendingCount: Int { queued.count + running.count }

    private func pump() {
        while running.count < limit, mayStart?() ?? true, let key = next() {
            queued.remove(key)
            running.insert(key)
            let work = self.work
            queue.run({ work(key) }, then: { value in self.finish(key, value) })
        }
    }

    private func next() -> Key? {
        // The most recently shown rows are the ones the user is looking at.
        if let priority, !urgent.isEmpty {
            var best = urgent.count - 1
            var bestValue = priority(urgent[best])
            for index in urgent.indices.reversed() {
                let value = priority(urgent[index])
                if value < bestValue { (best, bestValue) = (index, value) }
            }
            return takeUrgent(at: best)
        }
        if !urgent.isEmpty { return takeUrgent(at: urgent.count - 1) }
        while let key = withdrawn.popLast() {
            if queued.contains(key) && !urgentKeys.contains(key) && tickets[key] == nil { return key }
        }
        while backgroundHead < background.count {
            let (key, ticket) = background[backgroundHead]
            backgroundHead += 1
            if backgroundHead > 1024 && backgroundHead * 2 > background.count {
                background.removeFirst(backgroundHead)
                backgroundHead = 0
            }
            if tickets[key] == ticket {
                tickets[key] = nil
                return key
            }
        }
        return nil
    }

    private func takeUrgent(at index: Int) -> Key {
        let key = urgent.remove(at: index)
        urgentKeys.remove(key)
        return key
    }

    private func finish(_ key: Key, _ value: Value) {
        running.remove(key)
        if let again = stale.removeValue(forKey: key) {
            if let isUrgent = again { request(key, urgent: isUrgent) }
        } else {
            deliver(key, value)
        }
        pump()
        announceIfIdle()
    }
}

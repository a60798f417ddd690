import Dispatch
import Foundation
import Testing
import VideoToyCore

/// Records the order in which jobs ran, across worker threads.
private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [Int] = []
    func append(_ key: Int) { lock.withLock { keys.append(key) } }
    var all: [Int] { lock.withLock { keys } }
}

@MainActor
@Suite("WorkScheduler")
struct WorkSchedulerTests {
    /// Runs jobs 0 (which holds the only worker until released) then the rest as `queue` arranges them.
    private func run(_ queue: (WorkScheduler<Int, Int>) -> Void) async throws -> [Int] {
        let order = Order()
        let gate = DispatchSemaphore(value: 0)
        var delivered = 0
        let scheduler = WorkScheduler<Int, Int>(
            limit: 1,
            work: { key in
                if key == 0 { gate.wait() }
                order.append(key)
                return key
            }, deliver: { _, _ in delivered += 1 })
        scheduler.request(0, urgent: true)
        queue(scheduler)
        let expected = scheduler.pendingCount
        gate.signal()
        for _ in 0..<400 where delivered < expected {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(delivered == expected)
        return order.all
    }

    @Test("urgent jobs run before background ones, newest first without a priority")
    func urgentFirst() async throws {
        let order = try await run { s in
            s.request(1, urgent: false)
            s.request(2, urgent: true)
            s.request(3, urgent: true)
        }
        #expect(order == [0, 3, 2, 1])
    }

    @Test("with a priority, the urgent job nearest the rows on screen runs first")
    func priorityOrdersUrgentJobs() async throws {
        let order = try await run { s in
            s.priority = { abs($0 - 20) }
            for key in [5, 40, 19, 22] { s.request(key, urgent: true) }
        }
        #expect(order == [0, 19, 22, 5, 40])
    }

    @Test("a withdrawn job waits behind every urgent one, and asking twice never runs a job twice")
    func withdrawDemotes() async throws {
        let order = try await run { s in
            s.request(7, urgent: true)
            s.request(8, urgent: true)
            s.withdraw(8)
            s.request(7, urgent: true)
            s.request(9, urgent: false)
        }
        #expect(order == [0, 7, 8, 9])
    }

    @Test("promoted, withdrawn, forgotten and asked-again background jobs each run once, in order")
    func backgroundBookkeeping() async throws {
        let order = try await run { s in
            for key in 1...6 { s.request(key, urgent: false) }
            s.request(2, urgent: true)  // promoted: its background place is skipped
            s.request(4, urgent: true)
            s.withdraw(4)  // back to the front of the background
            s.invalidate(3)  // forgotten
            s.invalidate(5)
            s.request(5, urgent: false)  // asked again: at the end
            s.request(1, urgent: false)  // already waiting: keeps its place
        }
        #expect(order == [0, 2, 4, 1, 6, 5])
    }

    @Test("a library-sized background queue: every job runs once, whatever was asked of it meanwhile")
    func largeQueue() async throws {
        let count = 20_000
        let order = try await run { s in
            for key in 1...count { s.request(key, urgent: false) }
            // Rows scrolled past: asked for urgently, then withdrawn, many times over.
            for key in stride(from: 1, through: count, by: 7) {
                s.request(key, urgent: true)
                s.withdraw(key)
            }
            for key in stride(from: 3, through: count, by: 11) { s.invalidate(key) }
        }
        let forgotten = Set(stride(from: 3, through: count, by: 11))
        #expect(order.count == 1 + count - forgotten.count)
        #expect(Set(order).count == order.count, "no job ran twice")
        #expect(Set(order).isDisjoint(with: forgotten))
    }

    @Test("an invalidated job that is queued never runs; one that is running is thrown away and runs again if asked")
    func invalidateDropsAndReruns() async throws {
        let gate = DispatchSemaphore(value: 0)
        let version = Version()
        var delivered: [(Int, Int)] = []
        let scheduler = WorkScheduler<Int, Int>(
            limit: 1,
            work: { key in
                if key == 1 { gate.wait() }
                return version.value
            }, deliver: { key, value in delivered.append((key, value)) })
        scheduler.request(1, urgent: false)
        scheduler.request(2, urgent: false)
        scheduler.invalidate(2)
        scheduler.invalidate(1)
        scheduler.request(1, urgent: true)
        version.value = 1
        gate.signal()
        // The rerun of 1 must not block: the gate was opened once.
        gate.signal()
        for _ in 0..<400 where delivered.isEmpty || scheduler.pendingCount > 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        try await Task.sleep(for: .milliseconds(30))
        #expect(delivered.map(\.0) == [1], "2 never ran and 1 was delivered once")
        #expect(delivered.first?.1 == 1, "the result came from the run after the invalidation")
    }

    @Test("an invalidated running job that nobody asks for again delivers nothing")
    func invalidateWithoutRequestDeliversNothing() async throws {
        let gate = DispatchSemaphore(value: 0)
        var delivered = 0
        let scheduler = WorkScheduler<Int, Int>(
            limit: 1,
            work: { key in
                gate.wait()
                return key
            }, deliver: { _, _ in delivered += 1 })
        scheduler.request(1, urgent: true)
        scheduler.invalidate(1)
        gate.signal()
        for _ in 0..<400 where scheduler.pendingCount > 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(30))
        #expect(scheduler.pendingCount == 0)
        #expect(delivered == 0)
        scheduler.request(1, urgent: true)
        gate.signal()
        for _ in 0..<400 where delivered == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(delivered == 1, "asked again afterwards, it runs as usual")
    }
}

/// A value the test changes while a job waits, so the result shows which run produced it.
private final class Version: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

@MainActor
@Suite("WorkScheduler gating")
struct WorkSchedulerGateTests {
    @Test("jobs wait while mayStart says no, start on resume, and onIdle fires once the queue is empty")
    func gateAndIdle() async throws {
        var open = false
        var delivered: [Int] = []
        var idle = 0
        let scheduler = WorkScheduler<Int, Int>(limit: 2, work: { $0 }, deliver: { key, _ in delivered.append(key) })
        scheduler.mayStart = { open }
        scheduler.onIdle = { idle += 1 }
        for key in 1...3 { scheduler.request(key, urgent: false) }
        scheduler.request(4, urgent: true)
        scheduler.dropQueued(2)
        scheduler.dropQueued(4)
        for _ in 0..<20 { await Task.yield() }
        #expect(delivered.isEmpty, "nothing starts while the gate is shut")
        #expect(scheduler.pendingCount == 2)
        open = true
        scheduler.resume()
        for _ in 0..<400 where idle == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(Set(delivered) == [1, 3], "dropped jobs never run")
        #expect(idle == 1)
    }

    @Test("dropping or invalidating the last waiting job says the scheduler is idle, so gated work elsewhere resumes")
    func idleWhenLastJobDropped() async throws {
        var idle = 0
        let scheduler = WorkScheduler<Int, Int>(limit: 1, work: { $0 }, deliver: { _, _ in })
        scheduler.mayStart = { false }
        scheduler.onIdle = { idle += 1 }
        scheduler.request(1, urgent: false)
        scheduler.request(2, urgent: true)
        scheduler.invalidate(1)
        #expect(idle == 0, "a job still waits")
        scheduler.invalidate(7)
        #expect(idle == 0, "forgetting a key that was never asked for changes nothing")
        scheduler.dropQueued(2)
        #expect(idle == 1)
        scheduler.request(3, urgent: false)
        scheduler.invalidate(3)
        #expect(idle == 2)
        #expect(scheduler.pendingCount == 0)
    }
}

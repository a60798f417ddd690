import Foundation
import Glibc
import Testing
import VideoToyGObject

/// The deadline on quit signals, with SIGUSR2 standing in for SIGTERM and nothing answering it but the test: what
/// happens when the main loop never answers, answers but never finishes, or a second signal comes.
@Suite("Signal deadline", .serialized)
struct SignalDeadlineTests {
    /// Records what the deadline would have ended the process for.
    final class Overdue: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [(signal: Int32, reason: String, at: ContinuousClock.Instant)] = []
        let came = DispatchSemaphore(value: 0)

        func record(_ signal: Int32, _ reason: String) {
            lock.withLock { seen.append((signal, reason, .now)) }
            came.signal()
        }

        var all: [(signal: Int32, reason: String, at: ContinuousClock.Instant)] { lock.withLock { seen } }
    }

    @Test("a signal the main loop never answers ends the process once the answer is overdue")
    func unanswered() throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 200, finishMs: 60_000) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        let sent = ContinuousClock.now
        raise(SIGUSR2)
        #expect(overdue.came.wait(timeout: .now() + 10) == .success, "overdue within 10 s")
        let first = try #require(overdue.all.first)
        #expect(first.signal == SIGUSR2)
        #expect(first.reason == "the main loop did not answer in 200 ms")
        #expect(first.at - sent >= .milliseconds(190), "not before the main loop had its time: \(first.at - sent)")
    }

    @Test("an answered signal gets the time to quit, and no more")
    func answered() throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 100, finishMs: 600) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        let sent = ContinuousClock.now
        raise(SIGUSR2)
        // The main loop's handler, as AppHost's: it begins quitting.
        deadline.answered()
        #expect(overdue.came.wait(timeout: .now() + 10) == .success)
        let first = try #require(overdue.all.first)
        #expect(first.reason == "quitting took longer than 600 ms")
        #expect(first.at - sent >= .milliseconds(650), "the answer and the quitting both had their time: \(first.at - sent)")
    }

    @Test("a second signal ends the process at once")
    func secondSignal() throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 60_000, finishMs: 60_000) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        raise(SIGUSR2)
        usleep(100_000)
        #expect(overdue.all.isEmpty, "one signal waits for the main loop")
        raise(SIGUSR2)
        #expect(overdue.came.wait(timeout: .now() + 10) == .success)
        #expect(overdue.all.map(\.reason) == ["a second quit signal came"])
    }
}

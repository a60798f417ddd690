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

        func record(_ signal: Int32, _ reason: String) {
            lock.withLock { seen.append((signal, reason, .now)) }
        }

        /// Whether a record came within 10 s; polls, so no thread of the test pool is held.
        func came() async throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            while all.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            return !all.isEmpty
        }

        var all: [(signal: Int32, reason: String, at: ContinuousClock.Instant)] { lock.withLock { seen } }
    }

    @Test("a signal the main loop never answers ends the process once the answer is overdue")
    func unanswered() async throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 200, finishMs: 60_000) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        let sent = ContinuousClock.now
        kill(getpid(), SIGUSR2)
        #expect(try await overdue.came(), "overdue within 10 s")
        let first = try #require(overdue.all.first)
        #expect(first.signal == SIGUSR2)
        #expect(first.reason == "the main loop did not answer in 200 ms")
        #expect(first.at - sent >= .milliseconds(190), "not before the main loop had its time: \(first.at - sent)")
    }

    @Test("an answered signal gets the time to quit, and no more")
    func answered() async throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 100, finishMs: 600) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        let sent = ContinuousClock.now
        kill(getpid(), SIGUSR2)
        // The main loop's handler, as AppHost's: it begins quitting.
        deadline.answered()
        #expect(try await overdue.came())
        let first = try #require(overdue.all.first)
        #expect(first.reason == "quitting took longer than 600 ms")
        #expect(first.at - sent >= .milliseconds(650), "the answer and the quitting both had their time: \(first.at - sent)")
    }

    @Test("a second signal ends the process at once")
    func secondSignal() async throws {
        let overdue = Overdue()
        let deadline = SignalDeadline(signals: [SIGUSR2], answerMs: 60_000, finishMs: 60_000) { overdue.record($0, $1) }
        deadline.start()
        defer { deadline.stop() }
        kill(getpid(), SIGUSR2)
        try await Task.sleep(for: .milliseconds(100))
        #expect(overdue.all.isEmpty, "one signal waits for the main loop")
        kill(getpid(), SIGUSR2)
        #expect(try await overdue.came())
        #expect(overdue.all.map(\.reason) == ["a second quit signal came"])
    }
}

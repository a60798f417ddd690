import Foundation
import VideoToyCore

/// The probe of the `--play` file, run on a thread of its own from the start of `main`, so the sandboxed helper's
/// start and the probe overlap the toolkit's start-up rather than come before it; no window opens before its answer.
final class PlayCheck: @unchecked Sendable {
    /// The file's absolute path.
    let path: String
    private let condition = NSCondition()
    // nil until answered; then why the file cannot play, or nil inside when it can.
    private var answer: ProbeFailure??
    // Touched on the main thread only.
    private var waiting: [@MainActor (ProbeFailure?) -> Void] = []

    /// Starts probing `path` with `backend` at once.
    init(path: String, backend: MediaBackend) {
        self.path = path
        let thread = Thread { [self] in
            var failure: ProbeFailure?
            if case .failure(let reason) = backend.probe(path: path) { failure = reason }
            condition.withLock {
                answer = .some(failure)
                condition.broadcast()
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.deliver() } }
        }
        thread.name = "videotoy.play-check"
        thread.start()
    }

    /// Waits for the answer, blocking the calling thread: only where no main loop runs yet.
    func wait() -> ProbeFailure? {
        condition.withLock {
            while answer == nil { condition.wait() }
            return answer ?? nil
        }
    }

    /// Calls `body` on the main thread with the answer: at once when it is in, otherwise when it comes.
    @MainActor
    func whenAnswered(_ body: @escaping @MainActor (ProbeFailure?) -> Void) {
        // `deliver` runs on the main thread after the answer is set, so a body added here is never missed.
        if let known = condition.withLock({ answer }) {
            body(known)
            return
        }
        waiting.append(body)
    }

    @MainActor
    private func deliver() {
        guard let known = condition.withLock({ answer }) else { return }
        let bodies = waiting
        waiting = []
        bodies.forEach { $0(known) }
    }
}

import Foundation

/// Runs file-system calls on a helper thread and stops waiting for one that does not return in time.
///
/// The helper that is stuck is left behind (nothing can interrupt a call blocked in the kernel) and a new
/// one takes the next call, so one dead entry costs one timeout, not the scan.
final class GuardedCalls: @unchecked Sendable {
    private final class Helper: @unchecked Sendable {
        let lock = NSLock()
        let wake = DispatchSemaphore(value: 0)
        var job: (@Sendable () -> Void)?
        var quit = false

        init() {
            let thread = Thread { [self] in
                while true {
                    wake.wait()
                    let (next, done) = lock.withLock { (job, quit) }
                    if done { return }
                    lock.withLock { job = nil }
                    next?()
                }
            }
            thread.name = "videotoy-scan"
            thread.start()
        }

        func submit(_ body: @escaping @Sendable () -> Void) {
            lock.withLock { job = body }
            wake.signal()
        }

        func stop() {
            lock.withLock { quit = true }
            wake.signal()
        }
    }

    // The worker writes `value` before signalling `done`; the caller reads it only after a successful wait, so the
    // semaphore orders the two accesses.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
        let done = DispatchSemaphore(value: 0)
    }

    private var helper = Helper()

    /// `body`'s result, or nil if it did not return within `timeout` seconds.
    func run<T>(timeout: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        helper.submit {
            box.value = body()
            box.done.signal()
        }
        guard box.done.wait(timeout: .now() + timeout) == .success else {
            // The stuck helper quits once (if ever) its call returns; a fresh one serves the rest.
            helper.stop()
            helper = Helper()
            return nil
        }
        return box.value
    }

    /// Ends the helper thread.
    func finish() { helper.stop() }
}

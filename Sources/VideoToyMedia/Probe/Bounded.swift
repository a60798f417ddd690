import Foundation

/// Runs blocking file work with a deadline the work itself cannot break.
///
/// GStreamer's own timeouts only cover waiting for its pipeline: a `stat`, `open` or `read` on a share whose
/// server stopped answering blocks in the kernel, and so does tearing down a pipeline whose streaming thread
/// is stuck in such a read. Here the work runs on a thread of its own; past the deadline the caller gets nil
/// and goes on, and the thread is left to finish (or stay blocked) by itself.
enum Bounded {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var abandonedCount = 0

    /// Threads given up on that have not returned yet.
    static var abandoned: Int { lock.withLock { abandonedCount } }

    /// `body`'s result, or nil when it did not return within `seconds`.
    static func run<T>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let thread = Thread {
            let value = body()
            let late = box.lock.withLock { () -> Bool in
                box.value = value
                return box.gaveUp
            }
            if late { lock.withLock { abandonedCount -= 1 } }
            box.done.signal()
        }
        thread.name = "videotoy-bounded"
        thread.start()
        if box.done.wait(timeout: .now() + seconds) == .success {
            return box.lock.withLock { box.value }
        }
        return box.lock.withLock { () -> T? in
            // It may have finished between the timeout and taking the lock.
            if let value = box.value { return value }
            box.gaveUp = true
            lock.withLock { abandonedCount += 1 }
            return nil
        }
    }

    // Its mutable fields are touched only under its own lock.
    private final class Box<T>: @unchecked Sendable {
        let lock = NSLock()
        let done = DispatchSemaphore(value: 0)
        var value: T?
        var gaveUp = false
    }
}

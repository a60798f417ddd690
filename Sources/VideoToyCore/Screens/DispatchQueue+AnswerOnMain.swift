import Dispatch

extension DispatchQueue {
    /// Runs `work` on this queue and hands what it returns to `done` on the main actor.
    ///
    /// The display-mode adapters keep their connection on a serial queue of their own, so its calls never block
    /// the main loop and need no locking, while their callers live on the main actor.
    public func answerOnMain<Value: Sendable>(
        _ work: @escaping @Sendable () -> Value, then done: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        async {
            let value = work()
            DispatchQueue.main.async {
                // Safe: the main queue runs its blocks only on the main thread, which is the main actor's executor
                // (under GLib the app drains that queue from the main loop, still on that thread).
                MainActor.assumeIsolated { done(value) }
            }
        }
    }
}

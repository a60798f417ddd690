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
            // The compiler takes a block on the main queue as main-actor isolated: no isolation is assumed by hand.
            DispatchQueue.main.async { done(value) }
        }
    }
}

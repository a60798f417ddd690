import Dispatch

/// The controller's only way off the main thread, for work longer than a frame (a probe, a poster, sorting 100,000
/// rows): the work runs elsewhere and its result comes back on the main thread.
///
/// The app uses libdispatch queues; tests use a manual queue whose jobs run only when they say, so no controller test
/// waits on a wall clock.
@MainActor
public protocol BackgroundQueueing: AnyObject {
    /// Runs `work` off the main thread, then `deliver` with its result on the main thread.
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then deliver: @escaping @MainActor (Value) -> Void)
}

/// A libdispatch queue of its own: one job at a time, in the order asked, results delivered through the main queue
/// (bridged into the GLib main loop in the app).
@MainActor
public final class SerialBackgroundQueue: BackgroundQueueing {
    private let queue: DispatchQueue

    /// Creates the queue, named `label` in debuggers and crash reports.
    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `work` on the queue, then `deliver` on the main queue.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then deliver: @escaping @MainActor (Value) -> Void) {
        queue.async {
            let value = work()
            DispatchQueue.main.async { deliver(value) }
        }
    }
}

/// libdispatch's shared concurrent queue: jobs run side by side (their callers bound how many), results delivered
/// through the main queue.
@MainActor
public final class ConcurrentBackgroundQueue: BackgroundQueueing {
    /// Creates the queue.
    public init() {}

    /// Runs `work` on a worker thread, then `deliver` on the main queue.
    public func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then deliver: @escaping @MainActor (Value) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let value = work()
            DispatchQueue.main.async { deliver(value) }
        }
    }
}

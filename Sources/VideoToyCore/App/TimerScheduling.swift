import Dispatch

/// The controller's only source of time: runs a body on the main thread after a delay.
///
/// The app uses the main queue; tests use a manual scheduler whose time moves only when they say.
@MainActor
public protocol TimerScheduling: AnyObject {
    /// Runs `body` after `milliseconds`, unless the returned timer is cancelled first.
    func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> ScheduledTimer
}

/// A timer from a `TimerScheduling`; cancelling it stops its body from running.
@MainActor
public final class ScheduledTimer {
    public private(set) var isCancelled = false

    /// Creates a running timer.
    public init() {}

    /// Stops the body from running, if it has not run yet.
    public func cancel() { isCancelled = true }
}

/// Timers on libdispatch's main queue (bridged into the GLib main loop in the app).
@MainActor
public final class MainQueueTimers: TimerScheduling {
    /// Creates the scheduler.
    public init() {}

    /// Runs `body` on the main queue after `milliseconds`, unless cancelled.
    public func after(milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer()
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            guard !timer.isCancelled else { return }
            timer.cancel()
            body()
        }
        return timer
    }
}

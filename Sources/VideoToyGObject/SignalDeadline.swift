import CGLib
import Dispatch
import Foundation
import Glibc

/// Makes sure a quit signal (SIGINT, SIGTERM) ends the process in bounded time, even when the main loop, which answers
/// it by quitting cleanly, is stuck.
///
/// The signals are watched a second time on a thread of its own, with a GLib context of its own (GLib tells every
/// source watching a signal). If the main loop has not begun to quit within `answerMs` of the signal, or has begun but
/// the process is still there `finishMs` later, or a second quit signal comes, `onOverdue` runs on that thread: by
/// default it says why on standard error and ends the process with `_exit` (status 128 + the signal). Nothing else is
/// done there: the screen modes to restore, the players and the settings belong to the stuck main thread, and X11,
/// GTK and the players are not safe to call from another thread meanwhile, so a process ended this way leaves a
/// changed screen mode as it is.
public final class SignalDeadline: @unchecked Sendable {
    /// How long the main loop has to begin quitting after a signal.
    public let answerMs: Int
    /// How long quitting may take once begun.
    public let finishMs: Int

    private let signals: [Int32]
    private let onOverdue: @Sendable (_ signal: Int32, _ reason: String) -> Void
    private let lock = NSLock()
    private var received: Int32?
    private var answeredSignal = false
    private var context: OpaquePointer?
    private var loop: OpaquePointer?
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// A deadline for `signals` (GLib accepts SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and SIGWINCH); not watching
    /// until `start()`.
    public init(
        signals: [Int32] = [SIGINT, SIGTERM], answerMs: Int = 2000, finishMs: Int = 10_000,
        onOverdue: @escaping @Sendable (_ signal: Int32, _ reason: String) -> Void = SignalDeadline.exitNow
    ) {
        self.signals = signals
        self.answerMs = max(1, answerMs)
        self.finishMs = max(1, finishMs)
        self.onOverdue = onOverdue
    }

    deinit { stop() }

    /// Ends the process at once after saying why on standard error, with no clean-up (the main thread's state is not
    /// safe to touch from here).
    public static func exitNow(signal: Int32, reason: String) {
        let line = "videotoy: \(reason) after signal \(signal); quitting without clean-up (screen modes are not restored)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        _exit(128 + signal)
    }

    /// Starts watching; returns once the signals are watched, so a signal sent after it is always seen.
    public func start() {
        guard lock.withLock({ context == nil }) else { return }
        let thread = Thread { [self] in run() }
        thread.name = "videotoy-signal-deadline"
        thread.start()
        ready.wait()
    }

    /// The main loop has begun to quit on a signal: the first deadline is met, the second runs on.
    public func answered() {
        lock.withLock { answeredSignal = true }
    }

    /// Stops watching (tests); safe to call more than once.
    public func stop() {
        guard let loop = lock.withLock({ loop }) else { return }
        g_main_loop_quit(loop)
        finished.wait()
    }

    private func run() {
        let context = g_main_context_new()!
        let loop = g_main_loop_new(context, 0)!
        var sources: [UnsafeMutablePointer<GSource>] = []
        for signal in signals {
            let source = g_unix_signal_source_new(signal)!
            let box = CBox.retain(SignalBox(owner: self, signal: signal))
            g_source_set_callback(
                source,
                { data in
                    let box = CBox.object(data, as: SignalBox.self)
                    box.owner?.signalled(box.signal)
                    return 1
                }, box, CBox.destroyNotify)
            g_source_attach(source, context)
            sources.append(source)
        }
        lock.withLock {
            self.context = context
            self.loop = loop
        }
        ready.signal()
        g_main_loop_run(loop)
        for source in sources {
            g_source_destroy(source)
            g_source_unref(source)
        }
        lock.withLock {
            self.context = nil
            self.loop = nil
        }
        g_main_loop_unref(loop)
        g_main_context_unref(context)
        finished.signal()
    }

    /// On the deadline's thread: a quit signal came.
    private func signalled(_ signal: Int32) {
        let first = lock.withLock { () -> Bool in
            defer { if received == nil { received = signal } }
            return received == nil
        }
        guard first else {
            onOverdue(signal, "a second quit signal came")
            return
        }
        after(answerMs) { [self] in
            guard lock.withLock({ answeredSignal }) else {
                onOverdue(signal, "the main loop did not answer in \(answerMs) ms")
                return
            }
            after(finishMs) { [self] in onOverdue(signal, "quitting took longer than \(finishMs) ms") }
        }
    }

    /// Runs `body` on the deadline's thread in `milliseconds`.
    private func after(_ milliseconds: Int, _ body: @escaping () -> Void) {
        guard let context = lock.withLock({ context }) else { return }
        let timer = g_timeout_source_new(guint(milliseconds))!
        g_source_set_callback(
            timer,
            { data in
                CBox.object(data, as: Callback.self).body()
                return 0
            }, CBox.retain(Callback(body)), CBox.destroyNotify)
        g_source_attach(timer, context)
        g_source_unref(timer)
    }

    // User data of a GLib source on the deadline's own thread: its fields are set before the source is attached and
    // only read after, and the weak reference is itself thread-safe.
    private final class SignalBox: @unchecked Sendable {
        weak var owner: SignalDeadline?
        let signal: Int32

        init(owner: SignalDeadline, signal: Int32) {
            self.owner = owner
            self.signal = signal
        }
    }

    // User data of a timer on the deadline's thread: an immutable body, set before the timer is attached.
    private final class Callback: @unchecked Sendable {
        let body: () -> Void

        init(_ body: @escaping () -> Void) { self.body = body }
    }
}

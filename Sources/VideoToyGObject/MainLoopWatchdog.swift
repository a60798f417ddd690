import CGLib
import Dispatch
import Foundation
import Glibc

/// Notices when a GLib main loop stops turning for longer than a threshold, and says what it was doing.
///
/// A timeout source on the loop updates a heartbeat every `heartbeatMs`. When a beat comes late by more than
/// `thresholdMs`, the beat itself reports a `Stall` through `onStall`, on the loop's thread, once the loop has
/// recovered. A background thread watches the heartbeat meanwhile: it notes the `activity` label that was set
/// while the loop was stuck (labels are usually cleared by the time the loop recovers), and calls `onHang` if a
/// stall outlasts `hangMs`, so a loop that never recovers still leaves a trace.
///
/// Labels are set by the code that may block: `watchdog.activity = "scan"`, or `watchdog.during("scan") { … }`.
///
/// Given `idleAfterMs`, the watchdog rests while the app is idle, so an idle app does not wake up dozens of times a
/// second: the heartbeat stops once that long has passed with no `arm()`, no label and `isBusy` false, and the
/// watching thread sleeps until `arm()` (input, any change of state) or a label wakes both again.
public final class MainLoopWatchdog: @unchecked Sendable {
    /// One stall of the loop.
    public struct Stall: Sendable, Equatable, CustomStringConvertible {
        /// Why the loop did not turn, as far as the kernel can tell.
        public enum Cause: String, Sendable {
            /// The loop's thread was computing: work on the main thread took this long.
            case busy
            /// The loop's thread was asleep in a system call (I/O, a lock, a round trip): `wait` names it.
            case blocked
            /// The loop's thread was ready to run but got no CPU: the machine was overloaded.
            case starved
            /// Nobody looked while it happened (the whole process was stopped, or the stall was short).
            case unknown
        }

        /// How late the loop was, in milliseconds: the time between two heartbeats minus the heartbeat period.
        public let milliseconds: Int
        /// What the app said it was doing when the stall was noticed, if it said anything.
        public let activity: String?
        /// CPU time the loop's thread used meanwhile, in milliseconds.
        public let cpuMilliseconds: Int
        /// Why the loop did not turn.
        public let cause: Cause
        /// The kernel function the loop's thread was sleeping in (`/proc/…/wchan`), when it was blocked.
        public let wait: String?

        /// Creates a stall report.
        public init(milliseconds: Int, activity: String?, cpuMilliseconds: Int = 0, cause: Cause = .unknown, wait: String? = nil) {
            self.milliseconds = milliseconds
            self.activity = activity
            self.cpuMilliseconds = cpuMilliseconds
            self.cause = cause
            self.wait = wait
        }

        public var description: String {
            "stall of \(milliseconds) ms (\(cause.rawValue), \(cpuMilliseconds) ms CPU\(wait.map { ", in \($0)" } ?? ""))"
                + (activity.map { " during \($0)" } ?? "")
        }
    }

    /// Lateness that counts as a stall.
    public let thresholdMs: Int
    /// The heartbeat period.
    public let heartbeatMs: Int
    /// Lateness after which `onHang` is called from the watchdog thread (0: never).
    public let hangMs: Int
    /// Quiet time after which the heartbeat rests (nil: it never does).
    public let idleAfterMs: Int?

    private let context: OpaquePointer?
    private let onStall: @Sendable (Stall) -> Void
    private let onHang: (@Sendable (Stall) -> Void)?
    private let lock = NSLock()
    private var lastBeat: Int64 = 0
    private var currentActivity: String?
    private var activityAtStall: String?
    private var noticedBeat: Int64 = -1
    /// The loop's thread, learnt at the first beat: its CPU clock, and its id for /proc.
    private var loopClock: clockid_t?
    private var loopTid: Int32 = 0
    private var lastBeatCPU: Int64 = 0
    private var sampledState: Character?
    private var sampledWait: String?
    private var hangReportedBeat: Int64 = -1
    private var source: UnsafeMutablePointer<GSource>?
    private var running = false
    /// Whether the heartbeat is attached; false while resting.
    private var armed = false
    private var lastArm: Int64 = 0
    private var busyCheck: (@Sendable () -> Bool)?
    private var restHandler: (@Sendable () -> Void)?
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var stallCount = 0

    /// Creates a watchdog for the loop of `context` (nil: the default context, i.e. the app's main loop).
    ///
    /// `onStall` runs on the loop's thread; `onHang`, if given, on the watchdog's own thread.
    public init(
        thresholdMs: Int = 100, heartbeatMs: Int = 25, hangMs: Int = 5000, idleAfterMs: Int? = nil,
        context: OpaquePointer? = nil,
        onHang: (@Sendable (Stall) -> Void)? = nil, onStall: @escaping @Sendable (Stall) -> Void
    ) {
        self.thresholdMs = max(1, thresholdMs)
        self.heartbeatMs = max(1, heartbeatMs)
        self.hangMs = max(0, hangMs)
        self.idleAfterMs = idleAfterMs.map { max(heartbeatMs, $0) }
        self.context = context
        self.onStall = onStall
        self.onHang = onHang
    }

    deinit { stop() }

    /// What the loop's thread is doing now, for stall reports; set it around work that may take long.
    public var activity: String? {
        get { lock.withLock { currentActivity } }
        set {
            lock.withLock { currentActivity = newValue }
            if newValue != nil { arm() }
        }
    }

    /// Asked on the loop's thread before the heartbeat rests: true keeps it beating (a video plays, probes are pending).
    public var isBusy: (@Sendable () -> Bool)? {
        get { lock.withLock { busyCheck } }
        set { lock.withLock { busyCheck = newValue } }
    }

    /// Called on the loop's thread each time the heartbeat comes to rest: the app has just gone idle.
    public var onRest: (@Sendable () -> Void)? {
        get { lock.withLock { restHandler } }
        set { lock.withLock { restHandler = newValue } }
    }

    /// Whether the heartbeat is beating now (false while the watchdog rests).
    public var isArmed: Bool { lock.withLock { armed } }

    /// Something is about to happen (input, a change of state): keeps the heartbeat beating, or starts it again.
    ///
    /// Cheap enough to call for every input event; safe from any thread.
    public func arm() {
        guard idleAfterMs != nil else { return }
        let now = Int64(g_get_monotonic_time())
        let restart = lock.withLock { () -> Bool in
            lastArm = now
            guard running, !armed else { return false }
            armed = true
            // Lateness is measured from now: the time spent resting was no stall.
            if lastBeat >= 0 {
                lastBeat = now
                if let loopClock { lastBeatCPU = Self.cpuTime(of: loopClock) }
            }
            return true
        }
        guard restart else { return }
        attachHeartbeat()
        wake.signal()
    }

    /// Runs `body` labelled `label`, restoring the previous label afterwards (labels nest).
    @discardableResult
    public func during<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        let previous = lock.withLock { () -> String? in
            defer { currentActivity = label }
            return currentActivity
        }
        defer { lock.withLock { currentActivity = previous } }
        arm()
        return try body()
    }

    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var running: MainLoopWatchdog?

    /// The watchdog started last and not stopped since, so code anywhere can label its work without a reference.
    public static var current: MainLoopWatchdog? { currentLock.withLock { running } }

    /// Runs `body` labelled `label` on the current watchdog, or just runs it when there is none.
    @discardableResult
    public static func label<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        guard let watchdog = current else { return try body() }
        return try watchdog.during(label, body)
    }

    /// Stalls reported so far.
    public var stalls: Int { lock.withLock { stallCount } }

    /// Starts the heartbeat and the watching thread; call from the loop's thread (or before the loop runs).
    public func start() {
        let alreadyRunning = lock.withLock { () -> Bool in
            // Armed by the first beat: whatever runs before the loop turns (building the first window) is start-up.
            defer {
                running = true
                armed = true
                lastBeat = -1
                lastArm = Int64(g_get_monotonic_time())
            }
            return running
        }
        guard !alreadyRunning else { return }
        attachHeartbeat()
        Self.currentLock.withLock { Self.running = self }
        let thread = Thread { [self] in watch() }
        thread.name = "videotoy-watchdog"
        thread.start()
    }

    private func attachHeartbeat() {
        let timeout = g_timeout_source_new(guint(heartbeatMs))!
        g_source_set_priority(timeout, G_PRIORITY_DEFAULT)
        g_source_set_callback(
            timeout,
            { data in
                CBox.object(data, as: MainLoopWatchdog.self).beat() ? 1 : 0
            }, CBox.retain(self), CBox.destroyNotify)
        lock.withLock { source = timeout }
        g_source_attach(timeout, context)
    }

    /// Stops the heartbeat and the watching thread; safe to call more than once.
    public func stop() {
        let (wasRunning, timeout) = lock.withLock { () -> (Bool, UnsafeMutablePointer<GSource>?) in
            defer { running = false; armed = false; source = nil }
            return (running, source)
        }
        guard wasRunning else { return }
        Self.currentLock.withLock { if Self.running === self { Self.running = nil } }
        if let timeout {
            // Destroying the source drops its reference to this object.
            g_source_destroy(timeout)
            g_source_unref(timeout)
        }
        wake.signal()
        finished.wait()
    }

    /// The heartbeat, on the loop's thread; false when it rests (its source is then removed).
    private func beat() -> Bool {
        let now = Int64(g_get_monotonic_time())
        let cpu = Self.threadCPU()
        let report = lock.withLock { () -> Stall? in
            defer {
                lastBeat = now
                lastBeatCPU = cpu
                activityAtStall = nil
                sampledState = nil
                sampledWait = nil
            }
            guard lastBeat >= 0 else {
                loopTid = systemThreadID()
                var clock = clockid_t()
                if pthread_getcpuclockid(pthread_self(), &clock) == 0 { loopClock = clock }
                return nil
            }
            let late = Int((now - lastBeat) / 1000) - heartbeatMs
            guard late > thresholdMs else { return nil }
            stallCount += 1
            let cpuMs = Int((cpu - lastBeatCPU) / 1_000_000)
            let cause = Self.cause(late: late, cpuMs: cpuMs, state: sampledState, thresholdMs: thresholdMs)
            return Stall(
                milliseconds: late, activity: activityAtStall ?? currentActivity, cpuMilliseconds: cpuMs, cause: cause,
                wait: cause == .blocked ? sampledWait : nil)
        }
        if let report { onStall(report) }
        return keepBeating(now: now)
    }

    /// Whether the heartbeat goes on; when it rests, its source is released here (GLib removes it on return).
    private func keepBeating(now: Int64) -> Bool {
        guard let idleAfterMs else { return true }
        let (quietFor, labelled, check) = lock.withLock { (now - lastArm, currentActivity != nil, busyCheck) }
        if quietFor < Int64(idleAfterMs) * 1000 || labelled || check?() == true { return true }
        let timeout = lock.withLock { () -> UnsafeMutablePointer<GSource>? in
            // An arm() since the check above wins: it saw the heartbeat armed and did not attach another one.
            guard lastArm == now - quietFor, running else { return nil }
            armed = false
            defer { source = nil }
            return source
        }
        guard let timeout else { return true }
        g_source_unref(timeout)
        lock.withLock { restHandler }?()
        return false
    }

    /// CPU time of the calling thread, in nanoseconds.
    private static func threadCPU() -> Int64 { cpuTime(of: CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time measured by `clock`, in nanoseconds.
    private static func cpuTime(of clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The scheduler state letter and kernel wait channel of thread `tid` of this process.
    private static func sample(tid: Int32) -> (Character?, String?) {
        func read(_ path: String) -> String? {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
        }
        // stat is "tid (comm) S …": the state follows the last parenthesis.
        let state = read("/proc/self/task/\(tid)/stat").flatMap { text in
            text.lastIndex(of: ")").flatMap { text[text.index(after: $0)...].first { $0 != " " } }
        }
        let wait = read("/proc/self/task/\(tid)/wchan").flatMap { $0.isEmpty || $0 == "0" ? nil : $0 }
        return (state, wait)
    }

    /// The watching thread: notes the label of a stall in progress, and reports a loop that does not recover.
    private func watch() {
        defer { finished.signal() }
        let period = max(5, thresholdMs / 4)
        while true {
            if lock.withLock({ running && !armed }) {
                // Resting: nothing to watch until arm() or stop() signals.
                wake.wait()
            } else {
                _ = wake.wait(timeout: .now() + .milliseconds(period))
            }
            let now = Int64(g_get_monotonic_time())
            let hang = lock.withLock { () -> Stall? in
                guard running, armed, lastBeat >= 0 else { return nil }
                let late = Int((now - lastBeat) / 1000) - heartbeatMs
                if late > thresholdMs, noticedBeat != lastBeat {
                    noticedBeat = lastBeat
                    activityAtStall = currentActivity
                    // What the loop's thread is doing right now: running, waiting for a CPU, or asleep in the kernel.
                    if loopTid != 0 { (sampledState, sampledWait) = Self.sample(tid: loopTid) }
                }
                guard hangMs > 0, late > hangMs, hangReportedBeat != lastBeat else { return nil }
                hangReportedBeat = lastBeat
                var cpuMs = 0
                if let loopClock { cpuMs = Int((Self.cpuTime(of: loopClock) - lastBeatCPU) / 1_000_000) }
                let cause = Self.cause(late: late, cpuMs: cpuMs, state: sampledState, thresholdMs: thresholdMs)
                return Stall(
                    milliseconds: late, activity: activityAtStall ?? currentActivity, cpuMilliseconds: cpuMs, cause: cause,
                    wait: cause == .blocked ? sampledWait : nil)
            }
            if !lock.withLock({ running }) { return }
            if let hang, let onHang { onHang(hang) }
        }
    }
}

extension MainLoopWatchdog {
    /// Why the loop was `late` ms late, given the CPU time its thread used meanwhile and its sampled state.
    ///
    /// Work that alone took longer than the threshold is the cause even when a loaded machine also kept the thread
    /// waiting for a CPU (then the CPU time is well under the lateness); so is work that filled half of the wait.
    public static func cause(late: Int, cpuMs: Int, state: Character?, thresholdMs: Int) -> Stall.Cause {
        if cpuMs > thresholdMs || cpuMs * 2 >= late { return .busy }
        guard let state else { return .unknown }
        return state == "R" ? .starved : .blocked
    }
}

@_silgen_name("gettid")
private func systemThreadID() -> Int32

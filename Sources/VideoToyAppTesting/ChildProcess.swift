import Foundation
import Glibc
import VideoToyCore
import VideoToyMediaTesting

/// A child process started with posix_spawn and reaped with waitpid.
///
/// Not Foundation's `Process`: on Linux it notices an exit only when a socket it passes to the child is closed,
/// so any daemon the child leaves behind (Xorg, openbox, GStreamer helpers) makes it wait forever.
public final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t

    /// When it was started, on the monotonic clock.
    public let started: ContinuousClock.Instant

    private let lock = NSLock()
    private var ended: Termination?
    private var usage: ResourceUsage?

    /// Starts `arguments[0]` (searched on PATH) with stdin from /dev/null, output to the given files and no other
    /// descriptors, so grandchildren cannot keep this process's pipes or sockets open.
    public init(_ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
        TestProcess.ignoreBrokenPipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        Self.closeDescriptors(from: 3, in: &actions)

        // Test runners block or ignore signals (SIGPIPE, …); the child starts with the defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // A PathBytes argument (a file name that is not UTF-8) reaches the program as its real bytes.
        let argv = arguments.map { PathBytes.withCString($0) { strdup($0) } } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        started = .now
        let error = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    /// Closes every descriptor from `first` on in the child.
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        // glibc ≥ 2.34 has addclosefrom_np, but Swift's Glibc module does not import it: look it up at run time.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, first)
            return
        }
        // Older glibc: close what is open now (glibc ignores closing a descriptor that is shut by then).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd >= first {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    deinit {
        // Never leave a zombie or an orphan behind.
        if poll() == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// How it ended, or nil while it runs; reaps it once it has ended.
    public func poll() -> Termination? {
        lock.withLock {
            if let ended { return ended }
            var status: Int32 = 0
            // wait4 rather than waitpid: its rusage is the child's and its reaped descendants' CPU, as time(1) reports.
            var rusage = rusage()
            guard wait4(pid, &status, WNOHANG, &rusage) == pid else { return nil }
            usage = ResourceUsage(rusage, wall: ContinuousClock.now - started)
            // WIFEXITED and friends are macros Swift cannot import.
            let signal = status & 0x7f
            ended = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
            return ended
        }
    }

    /// CPU time, peak memory and wall time, once it has ended and been reaped.
    public var resourceUsage: ResourceUsage? {
        _ = poll()
        return lock.withLock { usage }
    }

    /// Blocks until it ends.
    public func wait() -> Termination {
        while true {
            if let ended = poll() { return ended }
            usleep(5_000)
        }
    }

    /// Sends `signal` unless it has already been reaped (then the pid might belong to someone else).
    public func send(_ signal: Int32) {
        lock.withLock { if ended == nil { _ = kill(pid, signal) } }
    }
}

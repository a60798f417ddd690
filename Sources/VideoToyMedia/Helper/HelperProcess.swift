import Foundation
import Glibc
import VideoToyCore

/// One running media helper: its process and the app's end of the socket it reads requests from.
final class HelperProcess: @unchecked Sendable {
    /// How a helper ended, from its exit status.
    enum Death: Equatable {
        /// It stopped at its memory limit.
        case outOfMemory
        /// It crashed or was killed.
        case crashed
    }

    /// What one request came to.
    enum Outcome {
        /// The helper's answer.
        case answer(HelperWire.Frame)
        /// The helper died before answering.
        case died(Death)
        /// No answer in time: the helper was killed.
        case timedOut
        /// The helper had ended before the request was sent (not the request's doing).
        case gone
    }

    let pid: pid_t
    private let fd: Int32
    private var ended = false

    private init(pid: pid_t, fd: Int32) {
        self.pid = pid
        self.fd = fd
    }

    deinit {
        end()
    }

    /// Starts `command` with the helper's socket as its stdin and stdout and waits up to `readySeconds` for its
    /// greeting; nil (with the reason) if it does not start or greet.
    static func launch(_ command: [String], environment: [String], readySeconds: Int) -> Result<HelperProcess, LaunchFailure> {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return .failure(LaunchFailure(text: "no socket pair (errno \(errno))"))
        }
        let (mine, theirs) = (pair[0], pair[1])
        let spawned = Spawner.shared.run { spawn(command, environment: environment, stdin: theirs, stdout: theirs) }
        close(theirs)
        guard case .success(let pid) = spawned else {
            close(mine)
            if case .failure(let failure) = spawned { return .failure(failure) }
            return .failure(LaunchFailure(text: "not started"))
        }
        let helper = HelperProcess(pid: pid, fd: mine)
        switch HelperWire.read(from: mine, deadline: HelperWire.now() + Int64(readySeconds) * 1000) {
        case .success(let frame) where frame.kind == .hello && frame.payload == Array(HelperWire.greeting.utf8):
            return .success(helper)
        case .success:
            helper.kill()
            return .failure(LaunchFailure(text: "it is another version"))
        case .failure(.timedOut):
            helper.kill()
            return .failure(LaunchFailure(text: "it did not answer within \(readySeconds) s"))
        case .failure:
            let status = helper.reap(waitMs: 2000)
            return .failure(LaunchFailure(text: "it ended at once (\(Self.describe(status)))"))
        }
    }

    /// Sends `request` and waits for the answer until `deadline` (monotonic ms); a helper that does not answer in
    /// time is killed.
    func exchange(_ request: HelperWire.Frame, deadline: Int64) -> Outcome {
        guard !ended, !hasHungUp else {
            _ = reap(waitMs: 2000)
            return .gone
        }
        guard HelperWire.write(HelperWire.encode(request), to: fd) else { return .died(death(reap(waitMs: 2000))) }
        switch HelperWire.read(from: fd, deadline: deadline) {
        case .success(let frame): return .answer(frame)
        case .failure(.timedOut):
            kill()
            return .timedOut
        case .failure(.closed):
            return .died(death(reap(waitMs: 2000)))
        case .failure(.malformed):
            // A helper that talks nonsense is as good as crashed.
            kill()
            return .died(.crashed)
        }
    }

    /// True when the helper's end of the socket is closed: it ended while idle.
    private var hasHungUp: Bool {
        // POLLRDHUP, which Glibc's module does not export.
        var watched = pollfd(fd: fd, events: 0x2000, revents: 0)
        return poll(&watched, 1, 0) > 0 && watched.revents & (0x2000 | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
    }

    /// Kills the helper and reaps it.
    func kill() {
        guard !ended else { return }
        Glibc.kill(pid, SIGKILL)
        _ = reap(waitMs: nil)
    }

    private func end() {
        guard !ended else { return }
        // Closing its socket makes the helper exit by itself; killing it makes sure.
        kill()
    }

    /// Waits for the process to end (at most `waitMs`, then kills it, or after a kill) and closes the socket; the
    /// wait status, or nil when it is unknown.
    private func reap(waitMs: Int?) -> Int32? {
        defer {
            if !ended {
                ended = true
                close(fd)
            }
        }
        guard !ended else { return nil }
        if let waitMs, let status = waitStatus(withinMs: waitMs) { return status }
        if waitMs != nil { Glibc.kill(pid, SIGKILL) }
        // A process stuck in a read from a share that stopped answering may not die at once: a worker does not wait
        // for it forever (it stays a zombie until then).
        return waitStatus(withinMs: 5000)
    }

    private func waitStatus(withinMs ms: Int) -> Int32? {
        var status: Int32 = 0
        let deadline = HelperWire.now() + Int64(ms)
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return status }
            if done < 0 && errno != EINTR { return nil }
            guard HelperWire.now() < deadline else { return nil }
            usleep(2000)
        }
    }

    private func death(_ status: Int32?) -> Death {
        guard let status else { return .crashed }
        // Directly or through bubblewrap, which exits with the helper's status.
        let exited = status & 0x7F == 0
        return exited && (status >> 8) & 0xFF == MediaHelper.outOfMemoryStatus ? .outOfMemory : .crashed
    }

    private static func describe(_ status: Int32?) -> String {
        guard let status else { return "status unknown" }
        return status & 0x7F == 0 ? "exit status \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)"
    }

    /// Starts `command` with `stdin` and `stdout` as its fds 0 and 1 (stderr shared with the app); run it on the
    /// spawner thread.
    static func spawn(_ command: [String], environment: [String], stdin: Int32, stdout: Int32) -> Result<pid_t, LaunchFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Worker threads block signals; the helper starts with none blocked and every one at its default.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // A path argument keeps its bytes even when they are not UTF-8.
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { PathBytes.withCString($0) { strdup($0) } } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            return .failure(LaunchFailure(text: "\(command[0]) cannot be run (\(String(cString: strerror(status))))"))
        }
        return .success(pid)
    }

    /// Why a helper did not start.
    struct LaunchFailure: Error {
        let text: String
    }
}

/// Starts helpers from one thread that lives as long as the app: a child's parent-death signal follows the thread
/// that started it, and the app's worker threads come and go.
final class Spawner: @unchecked Sendable {
    static let shared = Spawner()

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "videotoy-helper-spawner"
        thread.start()
    }

    /// `body`'s result, run on the spawner thread.
    func run<T>(_ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var value: T?
        condition.withLock {
            jobs.append {
                value = body()
                done.signal()
            }
            condition.signal()
        }
        done.wait()
        return value!
    }

    private func loop() {
        while true {
            let job: () -> Void = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job()
        }
    }
}

import Dispatch
import Foundation
import Glibc

/// One running converter: the read end of the socket its MPEG-TS comes out of, and its process.
///
/// Closing it (or letting it go) closes the socket, kills the process and reaps it off the caller's thread; the
/// process also dies with the app (bubblewrap's `--die-with-parent` and its own parent-death signal).
public final class ConvertedStream: @unchecked Sendable {
    /// The read end of the stream's socket (blocking, close-on-exec); valid until `close`.
    public let fd: Int32
    /// The converter's process id (bubblewrap's, when it runs under bubblewrap).
    public let pid: pid_t
    private let lock = NSLock()
    private var closed = false
    private var reaped = false

    private init(fd: Int32, pid: pid_t) {
        self.fd = fd
        self.pid = pid
    }

    deinit { close() }

    /// Stops the converter: the socket closes, the process is killed, and a background thread reaps it. Idempotent.
    public func close() {
        let first: Bool = lock.withLock {
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        Glibc.close(fd)
        guard lock.withLock({ !reaped }) else { return }
        kill(pid, SIGKILL)
        let pid = pid
        // waitpid on a process killed in the middle of a read from a share that stopped answering can take a while.
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Waits up to `ms` for the process to end by itself; its exit status, or nil when it was killed or is still
    /// running (for tests and the bubblewrap check; the app never waits).
    func waitForExit(withinMs ms: Int) -> Int32? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, ms)) * 1_000_000
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                lock.withLock { reaped = true }
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
            }
            if done < 0 && errno != EINTR { return nil }
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return nil }
            usleep(5000)
        }
    }

    /// Runs `command` with stdout into a new one-way socket and stdin from /dev/null; nil when it does not start.
    static func spawn(_ command: [String], environment: [String]) -> ConvertedStream? {
        var ends: [Int32] = [-1, -1]
        // A socket pair, not a pipe: it is made close-on-exec at once (Glibc's module has no pipe2), so no helper
        // started meanwhile on another thread inherits the write end and holds the stream open.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        shutdown(ends[0], Int32(SHUT_WR))
        shutdown(ends[1], Int32(SHUT_RD))
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            return nil
        }
        // The spawner thread lives as long as the app: the converter's parent-death signal follows that thread.
        let spawned = Spawner.shared.run { HelperProcess.spawn(command, environment: environment, stdin: input, stdout: ends[1]) }
        Glibc.close(input)
        Glibc.close(ends[1])
        guard case .success(let pid) = spawned else {
            Glibc.close(ends[0])
            return nil
        }
        return ConvertedStream(fd: ends[0], pid: pid)
    }
}

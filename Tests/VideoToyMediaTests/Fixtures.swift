import Foundation
import Glibc
import VideoToyMedia

/// Clips generated once per test run and shared by all suites; removed when the process exits.
enum Fixtures {
    /// The run's scratch folder.
    static let folder: String = {
        try? FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.folderPath) }
        return folderPath
    }()

    private static let folderPath = NSTemporaryDirectory() + "videotoy-media-tests-\(getpid())"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: String] = [:]

    /// The path of a clip named `name` built from `spec`, generating it on first use.
    static func clip(_ name: String, _ spec: ClipSpec) throws -> String {
        try file(name) { try ClipFactory.make(spec, at: $0) }
    }

    /// The path of a file named `name` produced by `make`, once per run.
    static func file(_ name: String, _ make: (String) throws -> Void) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = made[name] { return path }
        let path = folder + "/" + name
        try make(path)
        made[name] = path
        return path
    }

    /// A fresh empty folder for one test.
    static func newFolder(_ name: String) throws -> String {
        let path = folder + "/\(name)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Runs `body` on a new thread whose filesystem identity is `nobody`, so permission bits apply even to root.
///
/// Linux keeps the filesystem uid per thread, and switching it away from 0 drops the capabilities that let
/// root read anything; other threads of the test process are unaffected.
func asUnprivilegedThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ThreadResult<T>()
    let thread = Thread {
        let previous = setfsuid(65534)
        box.value = body()
        _ = setfsuid(uid_t(bitPattern: previous))
        box.done.signal()
    }
    thread.start()
    box.done.wait()
    return box.value!
}

@_silgen_name("setfsuid")
private func setfsuid(_ uid: uid_t) -> Int32

/// Whether this thread can open `path` for reading right now.
func canOpen(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    if fd >= 0 { close(fd) }
    return fd >= 0
}

/// Open file descriptors and threads of this process, from /proc.
func processResources() -> (fds: Int, threads: Int) {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
    let threads = line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) } ?? -1
    return (fds, threads)
}

/// Carries a value from a helper thread back to the waiting caller.
private final class ThreadResult<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}

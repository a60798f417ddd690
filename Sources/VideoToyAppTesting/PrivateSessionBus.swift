import Foundation
import Glibc

/// A session bus of a test's own (`dbus-daemon --session`), stopped with this object.
public final class PrivateSessionBus {
    /// The address clients connect to (`DBUS_SESSION_BUS_ADDRESS`).
    public let address: String
    private let daemon: ChildProcess
    private let folder: URL

    /// Starts the bus and waits (10 s at most) for it to print its address.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("address").path
        daemon = try ChildProcess(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], environment: ProcessInfo.processInfo.environment,
            stdout: file, stderr: folder.appendingPathComponent("bus.err").path)
        let deadline = ContinuousClock.now + .seconds(10)
        var text = ""
        while ContinuousClock.now < deadline {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { break }
            usleep(20_000)
        }
        guard text.hasSuffix("\n") else { throw HarnessError("dbus-daemon printed no address in 10 s") }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        daemon.send(SIGTERM)
        _ = daemon.wait()
        try? FileManager.default.removeItem(at: folder)
    }
}

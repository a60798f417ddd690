import Foundation
import Glibc
import VideoToyAppTesting

/// `gdbus monitor` of one bus name on a display's session bus: the signals it sees, line by line, in a file.
final class BusMonitor {
    private let monitor: ChildProcess
    private let log: URL

    /// Starts monitoring `destination` and waits until gdbus says who owns it: by then its match rule is in place
    /// (gdbus subscribes before it looks the owner up), so no signal sent afterwards is missed.
    init(_ destination: String, on display: VirtualDisplay) async throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("bus-monitor-\(UUID()).txt")
        // stdbuf: gdbus writes through stdio, which would hold the lines back in a file until exit.
        monitor = try ChildProcess(
            ["stdbuf", "-oL", "gdbus", "monitor", "--session", "--dest", destination],
            environment: ProcessInfo.processInfo.environment.merging(display.environment) { $1 },
            stdout: log.path, stderr: "/dev/null")
        try await waitFor("gdbus watching \(destination)", within: .seconds(10)) { $0.contains(" is owned by ") }
    }

    deinit {
        monitor.send(SIGTERM)
        _ = monitor.wait()
        try? FileManager.default.removeItem(at: log)
    }

    /// Everything printed so far.
    var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// How many lines printed so far contain `needle`.
    func count(_ needle: String) -> Int { text.split(separator: "\n").filter { $0.contains(needle) }.count }

    /// Waits, polling, until what was printed satisfies `condition`; throws with the text after `within`.
    func waitFor(_ what: String, within: Duration = .seconds(20), _ condition: (String) -> Bool) async throws {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            if condition(text) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HarnessError("no \(what) within \(within):\n\(text)")
    }
}

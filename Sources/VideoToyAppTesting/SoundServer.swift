import Foundation

/// A private PulseAudio with null sinks, for the audio-route tests: one sink stands for the laptop's speakers, the
/// others for HDMI outputs that report a monitor's name (`device.product.name`), as a sound card does from the ELD.
///
/// It runs in a folder of its own (socket, cookie, state), accepts clients without a cookie, never exits when idle,
/// and is stopped by `stop()` or deinit. Clients reach it through `environment`.
public final class SoundServer: @unchecked Sendable {
    /// Variables a client needs to reach this server and no other: PULSE_SERVER and XDG_RUNTIME_DIR.
    public let environment: [String: String]
    private let directory: URL
    private let child: ChildProcess

    /// Starts the server with a sink named `laptop` (the default) and one sink per entry of `hdmi`, named by the key and
    /// reporting the value as its monitor's name; returns once `pactl` gets answers.
    public init(hdmi: [String: String], timeout: Duration = .seconds(20)) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-pulse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("home"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let socket = directory.appendingPathComponent("native").path
        environment = ["PULSE_SERVER": "unix:" + socket, "XDG_RUNTIME_DIR": directory.path]
        var arguments = [
            "pulseaudio", "--system=false", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
            "--use-pid-file=false", "--disable-shm=true", "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
            "-L", "module-null-sink sink_name=laptop sink_properties=device.description=Laptop",
        ]
        for (name, monitor) in hdmi.sorted(by: { $0.key < $1.key }) {
            arguments += [
                "-L",
                "module-null-sink sink_name=\(name) sink_properties='device.description=\"HDMI \(name)\" device.product.name=\"\(monitor)\"'",
            ]
        }
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["HOME"] = directory.appendingPathComponent("home").path
        env["DISPLAY"] = nil
        env["DBUS_SESSION_BUS_ADDRESS"] = nil
        child = try ChildProcess(
            arguments, environment: env, stdout: directory.appendingPathComponent("log.out").path,
            stderr: directory.appendingPathComponent("log.err").path)
        let deadline = ContinuousClock.now + timeout
        while try Command.run(["pactl", "set-default-sink", "laptop"], extraEnvironment: environment).status != 0 {
            if child.poll() != nil || ContinuousClock.now >= deadline {
                let log = (try? String(contentsOf: directory.appendingPathComponent("log.err"), encoding: .utf8)) ?? ""
                stop()
                throw HarnessError("the private PulseAudio did not start (install pulseaudio pulseaudio-utils): \(log)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    deinit { stop() }

    /// Whether the server is still running.
    public var isRunning: Bool { child.poll() == nil }

    /// Ends the server at once, as a crash would, and waits for it to be gone.
    public func kill() {
        child.send(SIGKILL)
        _ = child.wait()
    }

    /// Stops the server and removes its folder; safe to call more than once.
    public func stop() {
        if child.poll() == nil {
            child.send(SIGTERM)
            _ = child.wait()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The sink each playback stream of process `pid` is on, by sink name.
    public func sinks(ofProcess pid: Int32) throws -> [String] {
        let names = try Command.check(["pactl", "list", "short", "sinks"], extraEnvironment: environment).output
            .split(separator: "\n").reduce(into: [String: String]()) { table, line in
                let columns = line.split(separator: "\t")
                if columns.count > 1 { table[String(columns[0])] = String(columns[1]) }
            }
        var result: [String] = []
        var sink: String?
        for line in try Command.check(["pactl", "list", "sink-inputs"], extraEnvironment: environment).output.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Sink Input #") { sink = nil }
            if text.hasPrefix("Sink: ") { sink = names[String(text.dropFirst(6))] }
            if text == "application.process.id = \"\(pid)\"", let sink { result.append(sink) }
        }
        return result
    }

    /// The properties of each playback stream of process `pid`, as `pactl list sink-inputs` shows them.
    public func streamProperties(ofProcess pid: Int32) throws -> [[String: String]] {
        var streams: [[String: String]] = []
        var current: [String: String] = [:]
        for line in try Command.check(["pactl", "list", "sink-inputs"], extraEnvironment: environment).output.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Sink Input #") {
                if current["application.process.id"] == String(pid) { streams.append(current) }
                current = [:]
            }
            // Properties are `key = "value"`; the quotes are pactl's.
            if let range = text.range(of: " = \""), text.hasSuffix("\"") {
                current[String(text[..<range.lowerBound])] = String(text[range.upperBound..<text.index(before: text.endIndex)])
            }
        }
        if current["application.process.id"] == String(pid) { streams.append(current) }
        return streams
    }

    /// Waits until every stream of `pid` is on `sink` (and there is one); returns false after `timeout`.
    public func waitForStreams(ofProcess pid: Int32, on sink: String, timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let sinks = try sinks(ofProcess: pid)
            if !sinks.isEmpty && sinks.allSatisfy({ $0 == sink }) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

import Foundation
import Glibc
import Testing
import VideoToyAppTesting

/// A private network namespace holding a software TV (gmediarender, through scripts/netns-tv) where the app under
/// test runs: what the TV reports is read over UPnP from inside the namespace, and the TV can be killed, started
/// later or told to stop as its remote would.
struct TVNamespace {
    /// The UUID the TV advertises, so a test can say it was chosen before.
    static let uuid = "videotoy-test-tv"
    /// Where gmediarender listens on the namespace's veth end.
    static let base = "http://169.254.77.1:49494"

    /// A UPnP service of the TV.
    enum Service: String {
        /// AVTransport: play, pause, stop, seek, where it is.
        case transport = "rendertransport1"
        /// RenderingControl: volume and mute.
        case control = "rendercontrol1"

        var type: String {
            switch self {
            case .transport: "urn:schemas-upnp-org:service:AVTransport:1"
            case .control: "urn:schemas-upnp-org:service:RenderingControl:1"
            }
        }
    }

    /// What the TV says of itself: its transport state and position.
    struct Report {
        /// `PLAYING`, `PAUSED_PLAYBACK`, `STOPPED`…
        let state: String
        /// Its position (whole seconds, as gmediarender reports them), if it has one.
        let positionMs: Int?
        /// Its master volume, 0…100.
        let volume: Int?
    }

    let folder: URL
    /// The script AppProcess runs as the app: scripts/netns-tv around the real binary.
    let wrapper: URL
    let pidFile: URL
    let log: URL

    /// Fails, not skips, where the namespace cannot be made: a passing run must have talked to a TV.
    static func requireRoot() throws {
        try #require(getuid() == 0, "network screens' end-to-end tests need root: scripts/netns-tv makes a network namespace")
    }

    /// A namespace whose TV starts with the app, or only when `startRenderer` says (`later`).
    init(later: Bool = false, mimeFilter: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-tv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        wrapper = folder.appendingPathComponent("videotoy-beside-a-tv")
        pidFile = folder.appendingPathComponent("tv.pid")
        log = folder.appendingPathComponent("tv.log")
        var options = ["--name", "'Test TV'", "--uuid", Self.uuid, "--pidfile", "'\(pidFile.path)'", "--log", "'\(log.path)'"]
        if later { options.append("--later") }
        if let mimeFilter { options += ["--mime-filter", "'\(mimeFilter)'"] }
        let script = PackagePaths.root.appendingPathComponent("scripts/netns-tv").path
        let text = """
            #!/bin/sh
            exec '\(script)' \(options.joined(separator: " ")) -- '\(AppProcess.defaultBinary.path)' "$@"

            """
        try text.write(to: wrapper, atomically: true, encoding: .utf8)
        guard chmod(wrapper.path, 0o755) == 0 else { throw HarnessError("cannot make \(wrapper.path) executable") }
    }

    /// Removes the namespace's files (the namespace itself ends with the app).
    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Runs `arguments` inside the app's namespace.
    func inNamespace(app: AppProcess, _ arguments: [String]) throws -> CommandResult {
        try Command.run(["nsenter", "--net=/proc/\(app.pid)/ns/net", "--"] + arguments)
    }

    /// Starts the TV (switched on), with the command line scripts/netns-tv wrote, and records its pid.
    func startRenderer(app: AppProcess) throws {
        let command = try String(contentsOf: URL(fileURLWithPath: pidFile.path + ".command"), encoding: .utf8)
        let started = try inNamespace(
            app: app, ["sh", "-c", "\(command) </dev/null >>'\(log.path)' 2>&1 & echo $! >'\(pidFile.path)'"])
        guard started.status == 0 else { throw HarnessError("cannot start the TV: \(started.stderr)") }
    }

    /// Sends `signal` to the TV.
    func killRenderer(_ signal: Int32) throws {
        let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text), pid > 1 else { throw HarnessError("no TV pid in \(pidFile.path): \(text)") }
        kill(pid, signal)
    }

    /// Calls `action` on the TV's `service` from inside the namespace; returns the reply's body.
    @discardableResult
    func soap(app: AppProcess, service: Service, action: String, arguments: String) throws -> String {
        let envelope = """
            <?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" \
            s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body><u:\(action) xmlns:u="\(service.type)">\
            \(arguments)</u:\(action)></s:Body></s:Envelope>
            """
        let result = try inNamespace(
            app: app,
            [
                "curl", "-s", "--max-time", "5", "-H", "Content-Type: text/xml; charset=\"utf-8\"",
                "-H", "SOAPACTION: \"\(service.type)#\(action)\"", "-d", envelope, "\(Self.base)/upnp/control/\(service.rawValue)",
            ])
        guard result.status == 0 else { throw HarnessError("\(action): curl exited \(result.status): \(result.stderr)") }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// What the TV says now.
    func report(app: AppProcess) throws -> Report {
        let transport = try soap(app: app, service: .transport, action: "GetTransportInfo", arguments: "<InstanceID>0</InstanceID>")
        let position = try soap(app: app, service: .transport, action: "GetPositionInfo", arguments: "<InstanceID>0</InstanceID>")
        let volume = try soap(
            app: app, service: .control, action: "GetVolume", arguments: "<InstanceID>0</InstanceID><Channel>Master</Channel>")
        return Report(
            state: Self.value("CurrentTransportState", in: transport) ?? "",
            positionMs: Self.value("RelTime", in: position).flatMap(Self.ms),
            volume: Self.value("CurrentVolume", in: volume).flatMap { Int($0) })
    }

    /// Asks the TV until `condition` holds of what it says, at most `seconds`.
    func waitFor(
        _ what: String, app: AppProcess, seconds: Int = 30, _ condition: (Report) -> Bool
    ) async throws -> Report {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last: Report?
        while ContinuousClock.now < deadline {
            if let report = try? report(app: app) {
                last = report
                if condition(report) { return report }
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        throw HarnessError("\(what): the TV said \(String(describing: last)) for \(seconds) s\n\(logTail)\n\(app.report())")
    }

    /// The end of the TV's log, for failure messages.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return "TV log (tail):\n" + text.split(separator: "\n").suffix(25).joined(separator: "\n")
    }

    private static func value(_ element: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(element)>"), let end = xml.range(of: "</\(element)>", range: start.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }

    private static func ms(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":")
        guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Double(parts[2]) else { return nil }
        return (h * 3600 + m * 60) * 1000 + Int(s * 1000)
    }
}

import Foundation

/// A private Xorg (dummy driver) with openbox and a session bus, whose monitors can be plugged and unplugged.
///
/// Started through `scripts/virtual-display`; stopped by `stop()`, by deinit, or by the script's watchdog
/// if this test process dies first.
public final class VirtualDisplay: @unchecked Sendable {
    /// The X display name, e.g. `:90`.
    public let display: String
    /// Variables a client of this display needs: DISPLAY and, when available, DBUS_SESSION_BUS_ADDRESS.
    public let environment: [String: String]

    private let lock = NSLock()
    private var stopped = false

    /// Starts a new display; throws with the script's explanation when Xorg or the dummy driver is missing.
    public init() throws {
        let script = PackagePaths.virtualDisplayScript
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw HarnessError("virtual display script not found or not executable at \(script.path)")
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let result = try Command.run([script.path, "start", "--owner-pid", String(pid)])
        guard result.status == 0 else {
            throw HarnessError(
                """
                could not start the virtual display (CI must install xserver-xorg-core xserver-xorg-video-dummy \
                openbox x11-xserver-utils imagemagick dbus and run as root): \(result.stderr)
                """)
        }
        var env: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            env[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        guard let display = env["DISPLAY"] else {
            throw HarnessError("virtual-display start printed no DISPLAY: \(result.output)")
        }
        self.display = display
        self.environment = env
    }

    deinit { stop() }

    /// Stops the server and its companions; safe to call more than once.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        _ = try? Command.run([PackagePaths.virtualDisplayScript.path, "-d", display, "stop"])
    }

    /// Gives `output` (DUMMY1…DUMMY15) these modes (`1920x1080`, `1280x720@50`) and switches it on with the largest.
    public func plug(_ output: String, modes: [String]) throws {
        try script(["plug", output] + modes)
    }

    /// Switches `output` off and removes the modes `plug` gave it.
    public func unplug(_ output: String) throws {
        try script(["unplug", output])
    }

    /// Root size and all outputs, from a plain `xrandr --query` (which also makes the server re-probe).
    public func query() throws -> XrandrState {
        XrandrState.parse(try xrandr(["--query"]))
    }

    /// All outputs, active or not.
    public func monitors() throws -> [Monitor] { try query().monitors }

    /// The output named `connector`, if the server has one.
    public func monitor(_ connector: String) throws -> Monitor? {
        try monitors().first { $0.connector == connector }
    }

    /// Screenshot of the whole root window, or of one active output; `savingTo` keeps the PNG (e.g. for a report).
    public func screenshot(crop output: String? = nil, savingTo png: URL? = nil) throws -> Image {
        let file = png ?? FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { if png == nil { try? FileManager.default.removeItem(at: file) } }
        try script(["shot", file.path] + (output.map { [$0] } ?? []))
        return try Image.load(file)
    }

    /// Runs xrandr against this display and returns its stdout.
    @discardableResult
    public func xrandr(_ arguments: [String]) throws -> String {
        try Command.check(["xrandr"] + arguments, extraEnvironment: ["DISPLAY": display]).output
    }

    /// Runs any X client command (xdotool, xprop, …) against this display.
    @discardableResult
    public func run(_ arguments: [String]) throws -> CommandResult {
        try Command.check(arguments, extraEnvironment: environment)
    }

    private func script(_ arguments: [String]) throws {
        try Command.check([PackagePaths.virtualDisplayScript.path, "-d", display] + arguments)
    }
}

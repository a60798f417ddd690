import Foundation

/// A private headless GNOME compositor (mutter 43) with its own session bus and PipeWire, whose virtual monitors
/// come and go through its ScreenCast API: the Wayland counterpart of `VirtualDisplay`.
///
/// Started through `scripts/wayland-display`; stopped by `stop()`, by deinit, or by the script's watchdog if this
/// test process dies first.
public final class MutterDisplay: TestDisplay, @unchecked Sendable {
    /// The session's name, also its Wayland socket's.
    public let name: String
    /// WAYLAND_DISPLAY, XDG_RUNTIME_DIR and DBUS_SESSION_BUS_ADDRESS.
    public let environment: [String: String]
    /// Where mutter would save a persistent configuration: `monitors.xml` must never appear there.
    public let savedLayout: URL

    private let lock = NSLock()
    private var stopped = false

    /// Starts a compositor; throws with the script's explanation when mutter or PipeWire is missing.
    public init() throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        let result = try Command.run([Self.script.path, "start", "--owner-pid", String(pid)])
        guard result.status == 0 else {
            throw HarnessError(
                """
                could not start headless mutter (CI must install mutter pipewire pipewire-bin wireplumber \
                gstreamer1.0-pipewire dbus): \(result.stderr)
                """)
        }
        var env: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            env[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        guard let name = env.removeValue(forKey: "NAME") else { throw HarnessError("wayland-display start printed no NAME") }
        guard let config = env.removeValue(forKey: "CONFIG_HOME") else {
            throw HarnessError("wayland-display start printed no CONFIG_HOME")
        }
        self.name = name
        savedLayout = URL(fileURLWithPath: config).appendingPathComponent("monitors.xml")
        environment = env
    }

    deinit { stop() }

    /// `scripts/wayland-display`.
    static var script: URL { PackagePaths.root.appendingPathComponent("scripts/wayland-display") }

    /// Always `wayland`.
    public var session: String { "wayland" }

    /// The compositor's socket and bus, and GDK's Wayland backend.
    public var clientEnvironment: [String: String] { environment.merging(["GDK_BACKEND": "wayland"]) { $1 } }

    /// Adds a virtual monitor of `size`; returns once mutter shows it.
    public func plugExternal(_ size: String) throws -> String {
        try script(["plug", size]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Removes the virtual monitor; mutter drops it at once.
    public func unplugExternal(_ handle: String) throws {
        _ = try script(["unplug", handle])
    }

    /// One frame of the monitor through a ScreenCast stream.
    public func screenshot(ofMonitor connector: String) throws -> Image {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try script(["shot", connector, file.path])
        return try Image.load(file)
    }

    /// The connectors of the monitors in mutter's own `GetCurrentState`, as GNOME's display settings read them.
    public func monitorListing() -> String {
        let call = [
            "gdbus", "call", "--session", "-d", "org.gnome.Mutter.DisplayConfig", "-o", "/org/gnome/Mutter/DisplayConfig",
            "-m", "org.gnome.Mutter.DisplayConfig.GetCurrentState",
        ]
        guard let result = try? Command.run(call, extraEnvironment: environment), result.status == 0 else {
            return "GetCurrentState failed"
        }
        // Each monitor's entry starts with its spec, ((connector, vendor, product, serial), …).
        let text = result.output
        let connectors = text.ranges(of: "(('").compactMap { start -> String? in
            let rest = text[start.upperBound...]
            return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
        }
        return "mutter monitors: " + (connectors.isEmpty ? "none" : connectors.joined(separator: ", "))
    }

    /// Stops the compositor and its companions.
    public func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        _ = try? Command.run([Self.script.path, "-n", name, "stop"])
    }

    private func script(_ arguments: [String]) throws -> String {
        try Command.check([Self.script.path, "-n", name] + arguments).output
    }
}

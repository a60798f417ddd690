import Foundation
import Glibc
import VideoToyCore

/// A private headless sway (1.7) for the wlr-output-management tests: started as `nobody` (sway refuses to run
/// headless as root) in a fresh runtime directory that root, and so the tests, can still connect in.
///
/// Stopped by `stop()`, by deinit, or by a watchdog shell if this test process dies first; the directory goes
/// with it.
public final class SwayDisplay: @unchecked Sendable {
    /// The runtime directory (XDG_RUNTIME_DIR), made for this compositor alone.
    public let runtimeDirectory: URL
    /// The compositor's Wayland socket.
    public var socket: String { runtimeDirectory.appendingPathComponent("wayland-1").path }

    private let child: ChildProcess
    private let watchdog: ChildProcess?
    private let lock = NSLock()
    private var stopped = false
    private var ipcSocket = ""

    /// How long sway may take to start or to answer; only a wedged compositor reaches it.
    static let deadline: Duration = .seconds(30)

    /// Starts sway with `outputs` headless outputs (1280x720 each); returns once its socket and IPC answer.
    public init(outputs: Int = 2) throws {
        let fm = FileManager.default
        guard fm.isExecutableFile(atPath: "/usr/bin/sway"), fm.isExecutableFile(atPath: "/usr/bin/swaymsg") else {
            throw HarnessError("sway is not installed (scripts/setup test installs it)")
        }
        let directory = fm.temporaryDirectory.appendingPathComponent("videotoy-sway-\(UUID().uuidString.prefix(8))")
        try fm.createDirectory(at: directory, withIntermediateDirectories: false)
        let config = directory.appendingPathComponent("config")
        // No bar, no wallpaper, no X server: outputs are all these tests need.
        try "xwayland disable\n".write(to: config, atomically: true, encoding: .utf8)
        guard chmod(config.path, 0o644) == 0, chmod(directory.path, 0o700) == 0, chown(directory.path, Self.nobody, Self.nogroup) == 0
        else {
            try? fm.removeItem(at: directory)
            throw HarnessError("cannot hand \(directory.path) to nobody: \(String(cString: strerror(errno)))")
        }
        runtimeDirectory = directory
        do {
            child = try ChildProcess(
                [
                    "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "-i", "HOME=/tmp",
                    "XDG_RUNTIME_DIR=\(directory.path)", "WLR_BACKENDS=headless", "WLR_HEADLESS_OUTPUTS=\(outputs)",
                    "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "PATH=/usr/bin:/bin", "sway", "-c", config.path,
                ], environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: Self.log(in: directory))
        } catch {
            try? fm.removeItem(at: directory)
            throw error
        }
        let owner = ProcessInfo.processInfo.processIdentifier
        watchdog = try? ChildProcess(
            [
                "sh", "-c",
                """
                while kill -0 \(owner) 2>/dev/null && kill -0 \(child.pid) 2>/dev/null; do sleep 1; done
                kill \(child.pid) 2>/dev/null; rm -rf '\(directory.path)'
                """,
            ], environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
        do {
            try waitUntilReady()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// sway's messages, opened by this process before sway drops to nobody.
    private static func log(in directory: URL) -> String { directory.appendingPathComponent("sway.log").path }

    private static var nobody: uid_t { getpwnam("nobody")?.pointee.pw_uid ?? 65534 }
    private static var nogroup: gid_t { getgrnam("nogroup")?.pointee.gr_gid ?? 65534 }

    /// Waits for the socket and the IPC socket to appear and for sway to list its outputs.
    private func waitUntilReady() throws {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < Self.deadline {
            if let ended = child.poll() {
                let log = (try? String(contentsOfFile: Self.log(in: runtimeDirectory), encoding: .utf8)) ?? ""
                throw HarnessError("sway exited (\(ended)) while starting: \(log.suffix(2000))")
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
            if names.contains("wayland-1"), let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) {
                lock.withLock { ipcSocket = runtimeDirectory.appendingPathComponent(ipc).path }
                if let outputs = try? outputs(), !outputs.isEmpty { return }
            }
            // Nothing to wait on for a socket file that does not exist yet: look again shortly.
            usleep(20_000)
        }
        throw HarnessError("sway did not start within \(Self.deadline)")
    }

    /// The environment a Wayland client of this compositor needs (GDK's Wayland backend included).
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": "wayland-1", "GDK_BACKEND": "wayland"]
    }

    /// The outputs as sway's IPC reports them.
    public func outputs() throws -> [SwayOutput] {
        let reply = try swaymsg(["-t", "get_outputs"])
        guard let list = try JSONSerialization.jsonObject(with: reply) as? [[String: Any]] else {
            throw HarnessError("swaymsg -t get_outputs: not a list")
        }
        return list.compactMap { output in
            guard let name = output["name"] as? String else { return nil }
            let mode = (output["current_mode"] as? [String: Any]).flatMap { mode -> ScreenMode? in
                guard let width = mode["width"] as? Int, let height = mode["height"] as? Int, let refresh = mode["refresh"] as? Int
                else { return nil }
                return ScreenMode(width: width, height: height, refreshMilliHz: refresh)
            }
            return SwayOutput(name: name, isActive: output["active"] as? Bool ?? false, currentMode: mode)
        }
    }

    /// The app IDs of the windows sway says inhibit idle now (`inhibit_idle` in its tree: an idle inhibitor on a
    /// visible surface).
    public func idleInhibitingApps() throws -> [String] {
        try treeNodes().filter { $0["inhibit_idle"] as? Bool == true }.map { $0["app_id"] as? String ?? "" }
    }

    /// The app IDs of every window in sway's tree (the `app_id` each Wayland client's toplevel set).
    public func windowAppIDs() throws -> [String] {
        try treeNodes().compactMap { $0["app_id"] as? String }
    }

    /// Each window's title with the output it is on and whether it is fullscreen, from sway's tree.
    public func windowPlaces() throws -> [(title: String, output: String, fullscreen: Bool)] {
        guard let root = try JSONSerialization.jsonObject(with: swaymsg(["-t", "get_tree"])) as? [String: Any] else {
            throw HarnessError("swaymsg -t get_tree: not an object")
        }
        var places: [(title: String, output: String, fullscreen: Bool)] = []
        func walk(_ node: [String: Any], output: String) {
            let here = node["type"] as? String == "output" ? node["name"] as? String ?? output : output
            if node["app_id"] is String || node["pid"] is Int, let title = node["name"] as? String {
                places.append((title, here, (node["fullscreen_mode"] as? Int ?? 0) != 0))
            }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { walk(child, output: here) }
            }
        }
        walk(root, output: "")
        return places
    }

    /// Every node of sway's tree (`swaymsg -t get_tree`), tiled and floating, depth first.
    private func treeNodes() throws -> [[String: Any]] {
        var found: [[String: Any]] = []
        func walk(_ node: [String: Any]) {
            found.append(node)
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { walk(child) }
            }
        }
        guard let root = try JSONSerialization.jsonObject(with: swaymsg(["-t", "get_tree"])) as? [String: Any] else {
            throw HarnessError("swaymsg -t get_tree: not an object")
        }
        walk(root)
        return found
    }

    /// One frame of the output `name` (`HEADLESS-1`), as sway composes it, through wlr-screencopy (`grim`).
    public func screenshot(ofOutput name: String) throws -> Image {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/grim") else {
            throw HarnessError("grim is not installed (scripts/setup test installs it)")
        }
        let env = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": "wayland-1"]
        return try Image(ppm: Command.check(["grim", "-t", "ppm", "-o", name, "-"], extraEnvironment: env).stdout)
    }

    /// Adds a headless output (`swaymsg create_output`); sway cannot remove one.
    public func createOutput() throws {
        _ = try swaymsg(["create_output"])
    }

    /// Runs one sway command, such as `output HEADLESS-1 mode 1024x768`.
    public func command(_ command: String) throws {
        _ = try swaymsg([command])
    }

    private func swaymsg(_ arguments: [String]) throws -> Data {
        let socket = lock.withLock { ipcSocket }
        return try Command.check(["swaymsg", "-s", socket, "-r"] + arguments).stdout
    }

    /// Stops sway and removes its directory; safe to call more than once.
    public func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        child.send(SIGTERM)
        let start = ContinuousClock.now
        while child.poll() == nil {
            if ContinuousClock.now - start > Self.deadline {
                child.send(SIGKILL)
                _ = child.wait()
                break
            }
            usleep(10_000)
        }
        watchdog?.send(SIGTERM)
        _ = watchdog?.wait()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}

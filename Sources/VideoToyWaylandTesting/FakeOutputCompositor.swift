import CWaylandServer
import Foundation
import Glibc
import VideoToyCore

/// A Wayland compositor that offers only wlr-output-management, with heads and real mode lists the test chooses:
/// what headless sway cannot show (mode lists, preferred modes, cancelled configurations, a mode changed by
/// someone else). It runs libwayland-server's loop on a thread of its own; every call here waits for that thread.
public final class FakeOutputCompositor: @unchecked Sendable {
    /// The compositor's socket, for `wl_display_connect`.
    public let socket: String

    private let directory: URL
    private let display: OpaquePointer
    private let server: OutputServer
    /// A pipe whose read end wakes the compositor's loop for `commands`.
    private let wake: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var commands: [() -> Void] = []
    private let ended = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Starts a compositor with `heads`, offering the output manager at `version` (nil: not at all).
    public init(heads: [OutputHead], version: UInt32? = 4) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-fake-wlr-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        socket = directory.appendingPathComponent("wayland-0").path
        guard let display = wl_display_create() else { throw FakeCompositorError("wl_display_create failed") }
        self.display = display
        server = OutputServer(heads: heads)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FakeCompositorError("pipe: \(String(cString: strerror(errno)))") }
        // The loop drains the read end until it is empty, so it must not block.
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        wake = (ends[0], ends[1])
        let listening = try Self.listen(at: socket)
        guard wl_display_add_socket_fd(display, listening) == 0 else {
            close(listening)
            throw FakeCompositorError("wl_display_add_socket_fd failed")
        }
        let opaque = Unmanaged.passUnretained(server).toOpaque()
        if let version, wl_global_create(display, vt_server_manager_interface(), Int32(version), opaque, managerBound) == nil {
            throw FakeCompositorError("wl_global_create failed")
        }
        let loop = wl_display_get_event_loop(display)
        wl_event_loop_add_fd(loop, wake.read, UInt32(WL_EVENT_READABLE), commandsReady, Unmanaged.passUnretained(self).toOpaque())
        let running = DisplayBox(display)
        let ended = self.ended
        let thread = Thread {
            wl_display_run(running.display)
            ended.signal()
        }
        thread.name = "fake wlroots compositor"
        thread.start()
    }

    deinit { stop() }

    /// The heads as they are now.
    public var heads: [OutputHead] { perform { $0.heads } }

    /// Every configuration clients applied or tested, in order.
    public var configurations: [FakeConfiguration] { perform { $0.log } }

    /// Protocol errors the compositor raised (each one ends the client's connection).
    public var protocolErrors: [String] { perform { $0.protocolErrors } }

    /// The serial of the current configuration.
    public var serial: UInt32 { perform { $0.serial } }

    /// Cancels the next `count` configurations, moving the serial on as if an output had been plugged.
    public func cancelNext(_ count: Int) { perform { $0.cancelNext = count } }

    /// Refuses the next configuration.
    public func failNext() { perform { $0.failNext = true } }

    /// Switches `head` to its mode at `index` as someone else would (the user in the compositor's settings), and
    /// tells the clients.
    public func switchMode(of head: String, toModeAt index: Int) {
        perform { server in
            guard let position = server.heads.firstIndex(where: { $0.name == head }) else { return }
            server.heads[position].currentModeIndex = index
            server.heads[position].isEnabled = true
            server.announceChange()
        }
    }

    /// Stops the compositor, closing every client's connection; safe to call more than once.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        let display = self.display
        enqueue { wl_display_terminate(display) }
        ended.wait()
        // Their sockets close with them, as when a compositor exits; wl_display_destroy alone keeps them open.
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        close(wake.read)
        close(wake.write)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `body` on the compositor's thread and waits for its result.
    private func perform<T>(_ body: @escaping (OutputServer) -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        let server = self.server
        enqueue {
            box.value = body(server)
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private func enqueue(_ command: @escaping () -> Void) {
        lock.withLock { commands.append(command) }
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
    }

    fileprivate func runCommands() {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &drained, drained.count) > 0 {}
        let pending = lock.withLock {
            defer { commands = [] }
            return commands
        }
        pending.forEach { $0() }
    }

    private static func listen(at path: String) throws -> Int32 {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw FakeCompositorError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8CString)
        guard bytes.count <= MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw FakeCompositorError("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            bytes.withUnsafeBytes { raw.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            close(fd)
            throw FakeCompositorError("bind \(path): \(String(cString: strerror(errno)))")
        }
        return fd
    }
}

/// Carries the display to the compositor's thread.
private struct DisplayBox: @unchecked Sendable {
    let display: OpaquePointer
    init(_ display: OpaquePointer) { self.display = display }
}

/// Carries a result back from the compositor's thread.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

private let managerBound: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    Unmanaged<OutputServer>.fromOpaque(data).takeUnretainedValue().bind(client, version: version, id: id)
}

private let commandsReady: wl_event_loop_fd_func_t = { _, _, data in
    guard let data else { return 0 }
    Unmanaged<FakeOutputCompositor>.fromOpaque(data).takeUnretainedValue().runCommands()
    return 0
}

import CGLib
import CGUPnP
import Foundation
import VideoToyCore

/// The server's thread: its main context, the libsoup server, the gate, the open sockets and the commands waiting
/// for the main thread. Every property is touched on that thread only.
final class RemoteEngine: @unchecked Sendable {
    /// At most this many commands wait for the main thread; beyond, the page is answered 503.
    static let maximumWaiting = 32
    /// A socket whose unsent bytes exceed this is a phone that stopped reading: it is closed.
    static let maximumUnsent: Int32 = 256 * 1024

    /// The server that made it, told of phones; weak, since the engine may outlive it by a few teardown callbacks.
    weak var server: RemoteServer?
    let shared: RemoteShared
    let port: Int
    let posterFile: @Sendable (String) -> String?
    let command: RemoteServer.Command
    /// Where commands are carried out.
    let commandQueue: DispatchQueue
    /// Signalled once the thread has closed everything: the port is free again.
    let finished = DispatchSemaphore(value: 0)
    var gate: RemoteGate
    var context: OpaquePointer?
    private var loop: OpaquePointer?
    var soup: UnsafeMutablePointer<SoupServer>?
    var sockets: [RemoteSocket] = []
    var waiting = 0
    private var pushed = -1
    private let started = ContinuousClock.now

    /// An engine for `server` deciding with `gate`.
    init(server: RemoteServer, gate: RemoteGate) {
        self.server = server
        shared = server.shared
        port = server.port
        posterFile = server.posterFile
        command = server.command
        commandQueue = server.commandQueue
        self.gate = gate
    }

    /// Milliseconds since the engine was made, for the gate's rate limit.
    var now: Int {
        let elapsed = ContinuousClock.now - started
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Runs the server on the calling thread until `stop`; `ready` hears nil once it listens, or why it cannot.
    func run(ready: (String?) -> Void) {
        defer { finished.signal() }
        let context = g_main_context_new()
        self.context = context
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        guard let soup = vt_soup_server_new("VideoToy") else { return ready("no server") }
        self.soup = soup
        let data = Unmanaged.passUnretained(self).toOpaque()
        // One handler per path libsoup maps: the most specific path wins, and each must reach the gate.
        for path in [nil, "/ws", "/api/command"] as [String?] { soup_server_add_handler(soup, path, Self.handle, data, nil) }
        soup_server_add_early_handler(soup, "/api/command", Self.early, data, nil)
        soup_server_add_websocket_handler(soup, "/ws", nil, nil, Self.opened, data, nil)
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen_all(soup, guint(port), SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot listen on port \(port)"
            g_clear_error(&error)
            g_object_unref(soup)
            return ready(message)
        }
        // GLib listens with a backlog of 10: a room of phones connecting at once would see resets. Listening again
        // on a listening socket only changes its backlog.
        var listeners = soup_server_get_listeners(soup)
        let first = listeners
        while let node = listeners {
            if let socket = node.pointee.data {
                g_socket_set_listen_backlog(socket.assumingMemoryBound(to: GSocket.self), 128)
                g_socket_listen(socket.assumingMemoryBound(to: GSocket.self), nil)
            }
            listeners = node.pointee.next
        }
        g_slist_free(first)
        let timer = g_timeout_source_new(250)!
        g_source_set_callback(timer, Self.tick, data, nil)
        g_source_attach(timer, context)
        loop = g_main_loop_new(context, 0)
        ready(nil)
        g_main_loop_run(loop)
        g_source_destroy(timer)
        g_source_unref(timer)
        closeSockets()
        soup_server_disconnect(soup)
        // Whatever the disconnect queued (closing sockets) runs before the context goes.
        while g_main_context_iteration(context, 0) != 0 {}
        g_object_unref(soup)
        g_main_loop_unref(loop)
    }

    /// Quits the thread's loop (from any thread).
    func stop() { invoke { engine in g_main_loop_quit(engine.loop) } }

    /// A new token: every session and socket goes (from any thread).
    func renew(token: String) {
        invoke { engine in
            engine.gate.renew(token: token)
            engine.closeSockets()
            engine.server?.phones(0)
        }
    }

    /// Runs `body` on the server's thread.
    func invoke(_ body: @escaping @Sendable (RemoteEngine) -> Void) {
        let box = Unmanaged.passRetained(Invocation(engine: self, body: body)).toOpaque()
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, Self.invoked, box) { Unmanaged<Invocation>.fromOpaque($0!).release() }
    }

    private func closeSockets() {
        let closing = sockets
        sockets.removeAll()
        for socket in closing { socket.close() }
    }

    /// Pushes a new status to every socket, and closes those that stopped reading.
    private func push() {
        let status = shared.status
        sockets.removeAll { socket in
            guard socket.isOpen, socket.unsent <= Self.maximumUnsent else {
                socket.close()
                gate.socketClosed(session: socket.session)
                return true
            }
            return false
        }
        guard status.version != pushed else { return }
        pushed = status.version
        for socket in sockets { socket.send(status.text) }
    }

    private static let tick: GSourceFunc = { data in
        Unmanaged<RemoteEngine>.fromOpaque(data!).takeUnretainedValue().push()
        return 1
    }

    private static let invoked: GSourceFunc = { data in
        let invocation = Unmanaged<Invocation>.fromOpaque(data!).takeUnretainedValue()
        invocation.body(invocation.engine)
        return 0
    }

    /// A closure bound for the server's thread.
    private final class Invocation: @unchecked Sendable {
        let engine: RemoteEngine
        let body: @Sendable (RemoteEngine) -> Void

        init(engine: RemoteEngine, body: @escaping @Sendable (RemoteEngine) -> Void) {
            self.engine = engine
            self.body = body
        }
    }
}

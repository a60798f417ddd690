import CGLib
import CGUPnP
import Glibc

/// One open WebSocket of a paired phone, on the server's thread.
final class RemoteSocket: @unchecked Sendable {
    /// The session that opened it.
    let session: String
    private let connection: OpaquePointer
    private let fd: Int32
    private var closedHandler: gulong = 0

    /// Keeps `connection` (of `session`, over socket `fd`, -1 when unknown); `onClosed` runs once the peer goes.
    init(connection: OpaquePointer, session: String, fd: Int32, onClosed: @escaping () -> Void) {
        self.connection = connection
        self.session = session
        self.fd = fd
        g_object_ref(UnsafeMutableRawPointer(connection))
        // The page sends nothing over the socket: anything large is a misbehaving client.
        soup_websocket_connection_set_max_incoming_payload_size(connection, 1024)
        soup_websocket_connection_set_keepalive_interval(connection, 20)
        let box = Unmanaged.passRetained(ClosedBox(onClosed)).toOpaque()
        let callback: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            Unmanaged<ClosedBox>.fromOpaque(data!).takeUnretainedValue().run()
        }
        closedHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(callback, to: GCallback.self), box,
            { data, _ in Unmanaged<ClosedBox>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
    }

    deinit {
        if closedHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandler) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Whether it is still open.
    var isOpen: Bool { soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN }

    /// Bytes the kernel has not sent yet: a phone that stopped reading keeps them growing.
    var unsent: Int32 {
        guard fd >= 0 else { return 0 }
        var count: Int32 = 0
        return ioctl(fd, UInt(TIOCOUTQ), &count) == 0 ? count : 0
    }

    /// Sends `text` as one text message.
    func send(_ text: String) {
        guard isOpen else { return }
        soup_websocket_connection_send_text(connection, text)
    }

    /// Closes it (normal closure).
    func close() {
        if closedHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(connection), closedHandler) }
        closedHandler = 0
        if isOpen { soup_websocket_connection_close(connection, 1000, nil) }
    }

    private final class ClosedBox {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

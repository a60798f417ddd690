import CGLib

/// A D-Bus connection for method calls that wait for their reply, made off the main loop (GDBus connections may be
/// used from any thread).
public final class DBusConnection: @unchecked Sendable {
    private let connection: OpaquePointer

    private init(_ connection: OpaquePointer) { self.connection = connection }

    deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// Connects to the session bus, or to the bus at `address` (a private bus in tests); throws why not.
    public static func connect(address: String? = nil) throws(DBusCallError) -> DBusConnection {
        var error: UnsafeMutablePointer<GError>?
        let connection: OpaquePointer?
        if let address {
            let flags = GDBusConnectionFlags(
                rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        } else {
            // A connection of our own: the shared one would be closed for everyone if the bus went away.
            let shared = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
            if let shared { g_object_unref(UnsafeMutableRawPointer(shared)) }
            let address = shared == nil ? nil : g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error)
            defer { g_free(address) }
            let flags = GDBusConnectionFlags(
                rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = address.flatMap { g_dbus_connection_new_for_address_sync($0, flags, nil, nil, &error) }
        }
        guard let connection else { throw DBusCallError(taking: error, fallback: "no session bus") }
        return DBusConnection(connection)
    }

    /// Calls `method` and waits at most `timeoutMilliseconds` for its reply, returned as a tuple.
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ method: String, _ parameters: VariantValue? = nil,
        timeoutMilliseconds: Int32 = 5000
    ) throws(DBusCallError) -> VariantValue {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method,
            parameters?.variant(), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, &error)
        guard let reply else { throw DBusCallError(taking: error, fallback: "\(method) failed") }
        defer { g_variant_unref(reply) }
        return VariantValue(reading: reply)
    }
}

/// Why a D-Bus call failed, in GDBus's words.
public struct DBusCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, with the remote error's D-Bus name stripped.
    public let message: String
    /// The remote error's D-Bus name, such as `org.freedesktop.DBus.Error.ServiceUnknown`, if there was one.
    public let name: String?

    /// Creates an error.
    public init(_ message: String, name: String? = nil) {
        self.message = message
        self.name = name
    }

    /// Takes over a GError, freeing it.
    init(taking error: UnsafeMutablePointer<GError>?, fallback: String) {
        guard let error else {
            self.init(fallback)
            return
        }
        defer { g_error_free(error) }
        let remote = g_dbus_error_get_remote_error(error)
        defer { g_free(remote) }
        g_dbus_error_strip_remote_error(error)
        self.init(String(cString: error.pointee.message), name: remote.map { String(cString: $0) })
    }

    /// The message.
    public var description: String { message }
}

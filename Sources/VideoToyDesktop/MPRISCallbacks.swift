import CGLib
import VideoToyGObject

/// The C side of the exported object: the callbacks GDBus makes for method calls and property reads and writes,
/// and the bound on what a call may carry before any of it is read.
enum MPRISCallbacks {
    /// The refusal for a method call whose arguments are `size` bytes long as sent, or nil when they may be read.
    static func refusal(argumentsOfSize size: Int) -> MPRISCommands.Failure? {
        guard size > MPRISServer.largestArguments else { return nil }
        return MPRISCommands.Failure(
            name: "org.freedesktop.DBus.Error.InvalidArgs",
            message: "the arguments are \(size) bytes long; at most \(MPRISServer.largestArguments) are read")
    }

    /// GLib copies the table when registering; one static copy is enough for every registration.
    ///
    /// C pointers are not Sendable, so each callback turns them into Swift values before it enters the main
    /// actor (GDBus calls on the thread that registered, the main one) and acts on the C side after.
    nonisolated(unsafe) static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(
            to: GDBusInterfaceVTable(
                method_call: { _, _, _, interface, method, parameters, invocation, data in
                    // The size of the arguments as sent, known without reading them: a megabyte of URI would keep
                    // the main loop busy converting and parsing it.
                    let size = parameters.map { Int(g_variant_get_size($0)) } ?? 0
                    if let refusal = MPRISCallbacks.refusal(argumentsOfSize: size) {
                        g_dbus_method_invocation_return_dbus_error(invocation, refusal.name, refusal.message)
                        return
                    }
                    let handle = CBox.object(data, as: MPRISServerHandle.self)
                    let (interface, method) = (String(cString: interface!), String(cString: method!))
                    let arguments = DBusValue.children(of: parameters)
                    let failure = MainActor.assumeIsolated {
                        handle.server.map { $0.call(interface, method, arguments) }
                            ?? MPRISCommands.Failure(name: "org.freedesktop.DBus.Error.Failed", message: "the player has stopped")
                    }
                    if let failure {
                        g_dbus_method_invocation_return_dbus_error(invocation, failure.name, failure.message)
                    } else {
                        g_dbus_method_invocation_return_value(invocation, nil)
                    }
                },
                get_property: { _, _, _, interface, name, error, data in
                    let handle = CBox.object(data, as: MPRISServerHandle.self)
                    let (interface, name) = (String(cString: interface!), String(cString: name!))
                    let value = MainActor.assumeIsolated { handle.server?.property(interface, name) }
                    if let value { return value.variant() }
                    g_set_error_literal(
                        error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
                        "no property \(name)")
                    return nil
                },
                set_property: { _, _, _, interface, name, value, error, data in
                    let handle = CBox.object(data, as: MPRISServerHandle.self)
                    let (interface, name) = (String(cString: interface!), String(cString: name!))
                    // GDBus has checked the type against the introspection data: every writable property is basic.
                    let basic = value.flatMap(DBusValue.basic)
                    let failure = MainActor.assumeIsolated { () -> MPRISCommands.Failure? in
                        guard let basic else {
                            return MPRISCommands.Failure(name: MPRISCommands.Failure.invalidArgs, message: "\(name) needs a value")
                        }
                        guard let server = handle.server else {
                            return MPRISCommands.Failure(name: MPRISCommands.Failure.readOnly, message: "the player has stopped")
                        }
                        return server.set(interface, name, basic)
                    }
                    guard let failure else { return 1 }
                    let code = failure.name == MPRISCommands.Failure.readOnly ? G_DBUS_ERROR_PROPERTY_READ_ONLY : G_DBUS_ERROR_INVALID_ARGS
                    g_set_error_literal(error, g_dbus_error_quark(), Int32(code.rawValue), failure.message)
                    return 0
                },
                padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return table
    }()
}

/// What GLib holds as user data: a weak way back to the server, so a late callback after `stop()` finds nothing.
final class MPRISServerHandle: @unchecked Sendable {
    /// The server, nil once it is gone.
    weak var server: MPRISServer?
    /// Whether the connection is made to an address rather than got as the shared session bus.
    var fromAddress = false

    /// Drops the reference GLib held; each registration and name request holds one.
    static let release: GDestroyNotify = CBox.destroyNotify
}

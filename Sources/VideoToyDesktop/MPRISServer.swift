import CGLib
import Glibc
import VideoToyGObject

/// Publishes the app on the session bus as an MPRIS 2 media player, so media keys, desktop shells and
/// `playerctl` can see and control it.
///
/// Nothing here is fatal: without a session bus, or when the name cannot be had, `report` is told once
/// and the app runs on without MPRIS.
@MainActor
public final class MPRISServer {
    private weak var target: MPRISPlayerTarget?
    private let report: @MainActor (String) -> Void
    private let handle: MPRISServerHandle
    private var connection: OpaquePointer?
    private var nodeInfo: UnsafeMutablePointer<GDBusNodeInfo>?
    private var registrations: [guint] = []
    private var ownerID: guint = 0
    private var triedInstanceName = false
    private var reported = false
    private var stopped = false
    /// Player properties as last announced, so `invalidate` sends only real changes.
    private var announced: [String: DBusValue] = [:]

    /// The bus name this app owns, once acquired.
    public private(set) var ownedName: String?

    /// The largest argument tuple a method call may carry, in bytes as sent: a URI as long as two PATH_MAX paths, and
    /// room for the rest. A call with more is refused before any argument is read.
    public nonisolated static let largestArguments = 8192 + 256

    /// Starts connecting to the session bus, or to the bus at `address` (a private bus in tests); the work finishes on
    /// the main loop. With `connect` false it never joins a bus, and only answers what it is asked directly (tests).
    public init(
        target: MPRISPlayerTarget, connect: Bool = true, report: @escaping @MainActor (String) -> Void, address: String? = nil
    ) {
        self.target = target
        self.report = report
        self.handle = MPRISServerHandle()
        handle.server = self
        guard connect else { return }
        let done: GAsyncReadyCallback = { _, result, data in
            // A one-shot callback: the reference handed to g_bus_get (or the address connection) is dropped here.
            let handle = CBox.object(data, as: MPRISServerHandle.self)
            defer { CBox.release(data) }
            var error: UnsafeMutablePointer<GError>?
            let connection =
                handle.fromAddress ? g_dbus_connection_new_for_address_finish(result, &error) : g_bus_get_finish(result, &error)
            defer { g_clear_error(&error) }
            MainActor.assumeIsolated {
                guard let server = handle.server, !server.stopped else {
                    if let connection { g_object_unref(graw(connection)) }
                    return
                }
                guard let connection else {
                    let reason = error.map { String(cString: $0.pointee.message) } ?? "no session bus"
                    server.unavailable("cannot connect to the session bus (\(reason))")
                    return
                }
                server.connected(connection)
            }
        }
        if let address {
            handle.fromAddress = true
            let flags = GDBusConnectionFlags(
                rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            g_dbus_connection_new_for_address(address, flags, nil, nil, done, CBox.retain(handle))
        } else {
            g_bus_get(G_BUS_TYPE_SESSION, nil, done, CBox.retain(handle))
        }
    }

    /// Tells clients what changed; values equal to the last ones announced are not sent again.
    public func invalidate(_ changed: MPRISChange) {
        guard let connection, !registrations.isEmpty, target != nil else { return }
        announce(MPRISProperties.names(changed), of: MPRISInterface.player, on: connection)
        announce(MPRISProperties.rootNames(changed), of: MPRISInterface.root, on: connection)
    }

    /// Sends one `PropertiesChanged` for those of `names` (properties of `interface`) that differ from the last sent.
    private func announce(_ names: [String], of interface: String, on connection: OpaquePointer) {
        var changes: [String: DBusValue] = [:]
        for name in names {
            // Both interfaces are remembered in one map: no property name is in both.
            guard let value = property(interface, name), announced[name] != value else { continue }
            announced[name] = value
            changes[name] = value
        }
        guard !changes.isEmpty else { return }
        let body = DBusValue.tuple([
            DBusValue.string(interface).variant(),
            DBusValue.dictionary(changes).variant(), DBusValue.strings([]).variant(),
        ])
        emit(on: connection, interface: "org.freedesktop.DBus.Properties", signal: "PropertiesChanged", body: body)
    }

    /// Sends `Seeked`: the position jumped (a seek, a restart), rather than moving on by itself.
    public func seeked(toMs ms: Int) {
        guard let connection, !registrations.isEmpty else { return }
        emit(
            on: connection, interface: MPRISInterface.player, signal: "Seeked",
            body: DBusValue.tuple([DBusValue.int64(MPRISPosition.microseconds(ms: ms)).variant()]))
    }

    /// Leaves the bus: releases the name and unregisters the object; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if ownerID != 0 { g_bus_unown_name(ownerID); ownerID = 0 }
        if let connection {
            registrations.forEach { g_dbus_connection_unregister_object(connection, $0) }
            // Replies and signals still queued (the reply to Quit among them) must leave before the process does.
            g_dbus_connection_flush_sync(connection, nil, nil)
            g_object_unref(graw(connection))
        }
        registrations = []
        connection = nil
        if let nodeInfo { g_dbus_node_info_unref(nodeInfo) }
        nodeInfo = nil
        ownedName = nil
    }

    // MARK: Connecting

    private func unavailable(_ reason: String) {
        guard !reported else { return }
        reported = true
        report("MPRIS is unavailable: \(reason); media keys and desktop players will not control VideoToy")
    }

    private func connected(_ connection: OpaquePointer) {
        self.connection = connection
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard let info = g_dbus_node_info_new_for_xml(MPRISInterface.xml, &error) else {
            unavailable("bad introspection data (\(error.map { String(cString: $0.pointee.message) } ?? "?"))")
            return
        }
        nodeInfo = info
        for name in [MPRISInterface.root, MPRISInterface.player] {
            let interface = g_dbus_node_info_lookup_interface(info, name)
            let id = g_dbus_connection_register_object(
                connection, MPRISInterface.objectPath, interface,
                MPRISCallbacks.vtable, CBox.retain(handle),
                MPRISServerHandle.release, &error)
            guard id != 0 else {
                unavailable("cannot export \(MPRISInterface.objectPath) (\(error.map { String(cString: $0.pointee.message) } ?? "?"))")
                return
            }
            registrations.append(id)
        }
        // The first PropertiesChanged must describe a change, not the state clients read at start.
        for name in MPRISProperties.announced { announced[name] = playerProperty(name) }
        for name in MPRISProperties.announcedRoot { announced[name] = property(MPRISInterface.root, name) }
        own(MPRISInterface.busName)
    }

    private func own(_ name: String) {
        guard let connection else { return }
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        let flags = G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE
        ownerID = g_bus_own_name_on_connection(
            connection, name, flags,
            { _, name, data in
                let handle = CBox.object(data, as: MPRISServerHandle.self)
                let owned = String(cString: name!)
                MainActor.assumeIsolated { handle.server?.ownedName = owned }
            },
            { _, name, data in
                let handle = CBox.object(data, as: MPRISServerHandle.self)
                let lost = String(cString: name!)
                MainActor.assumeIsolated { handle.server?.lost(lost) }
            }, CBox.retain(handle), MPRISServerHandle.release)
    }

    private func lost(_ name: String) {
        guard !stopped else { return }
        ownedName = nil
        if name == MPRISInterface.busName, !triedInstanceName {
            // Another VideoToy has the name: the spec's answer is a per-instance suffix.
            triedInstanceName = true
            let instance = MPRISInterface.busName + ".instance\(getpid())"
            MainLoop.after(milliseconds: 0) { [weak self] in self?.own(instance) }
            return
        }
        unavailable("the bus name \(name) could not be owned or was lost")
    }

    private func emit(on connection: OpaquePointer, interface: String, signal: String, body: OpaquePointer) {
        var error: UnsafeMutablePointer<GError>?
        g_dbus_connection_emit_signal(connection, nil, MPRISInterface.objectPath, interface, signal, body, &error)
        g_clear_error(&error)
    }

    // MARK: What the callbacks ask

    /// The property `name` of `interface`, or nil when there is no such property.
    func property(_ interface: String, _ name: String) -> DBusValue? {
        MPRISProperties.value(interface, name, of: target)
    }

    /// A player property as the player has it now; nil without a player.
    func playerProperty(_ name: String) -> DBusValue? {
        MPRISProperties.player(name, of: target)
    }

    /// Carries out a method call; the failure to answer with, nil for success.
    func call(_ interface: String, _ method: String, _ arguments: [DBusValue]) -> MPRISCommands.Failure? {
        guard let target else {
            return MPRISCommands.Failure(name: "org.freedesktop.DBus.Error.Failed", message: "the player is gone")
        }
        return MPRISCommands(target: target, announcer: self).call(interface, method, arguments)
    }

    /// Sets a writable property; why it cannot be set, nil when it was.
    func set(_ interface: String, _ name: String, _ value: DBusValue) -> MPRISCommands.Failure? {
        guard let target else { return MPRISCommands.Failure(name: MPRISCommands.Failure.readOnly, message: "the player is gone") }
        return MPRISCommands(target: target, announcer: self).set(interface, name, value)
    }
}

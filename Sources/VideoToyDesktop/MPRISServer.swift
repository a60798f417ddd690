import CGLib
import Glibc
import VideoToyCore
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
    private let handle: ServerHandle
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
        self.handle = ServerHandle()
        handle.server = self
        guard connect else { return }
        let done: GAsyncReadyCallback = { _, result, data in
            // A one-shot callback: the reference handed to g_bus_get (or the address connection) is dropped here.
            let handle = CBox.object(data, as: ServerHandle.self)
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
        var names: [String] = []
        if changed.contains(.playbackStatus) { names.append("PlaybackStatus") }
        if changed.contains(.metadata) { names.append("Metadata") }
        if changed.contains(.volume) { names.append("Volume") }
        if changed.contains(.capabilities) { names += ["CanPlay", "CanPause", "CanSeek", "CanGoNext", "CanGoPrevious"] }
        var changes: [String: DBusValue] = [:]
        for name in names {
            guard let value = playerProperty(name), announced[name] != value else { continue }
            announced[name] = value
            changes[name] = value
        }
        guard !changes.isEmpty else { return }
        let body = DBusValue.tuple([
            DBusValue.string(MPRISInterface.player).variant(),
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
                MPRISServer.vtable, CBox.retain(handle),
                ServerHandle.release, &error)
            guard id != 0 else {
                unavailable("cannot export \(MPRISInterface.objectPath) (\(error.map { String(cString: $0.pointee.message) } ?? "?"))")
                return
            }
            registrations.append(id)
        }
        // The first PropertiesChanged must describe a change, not the state clients read at start.
        for name in MPRISServer.announcedProperties { announced[name] = playerProperty(name) }
        own(MPRISInterface.busName)
    }

    private func own(_ name: String) {
        guard let connection else { return }
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        let flags = G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE
        ownerID = g_bus_own_name_on_connection(
            connection, name, flags,
            { _, name, data in
                let handle = CBox.object(data, as: ServerHandle.self)
                let owned = String(cString: name!)
                MainActor.assumeIsolated { handle.server?.ownedName = owned }
            },
            { _, name, data in
                let handle = CBox.object(data, as: ServerHandle.self)
                let lost = String(cString: name!)
                MainActor.assumeIsolated { handle.server?.lost(lost) }
            }, CBox.retain(handle), ServerHandle.release)
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

    // MARK: Properties

    private static let announcedProperties = [
        "PlaybackStatus", "Metadata", "Volume", "CanPlay", "CanPause",
        "CanSeek", "CanGoNext", "CanGoPrevious",
    ]

    private func property(_ interface: String, _ name: String) -> DBusValue? {
        interface == MPRISInterface.root ? rootProperty(name) : playerProperty(name)
    }

    private func rootProperty(_ name: String) -> DBusValue? {
        switch name {
        case "CanQuit", "CanRaise": .bool(true)
        case "HasTrackList": .bool(false)
        case "Identity": .string(MPRISInterface.identity)
        case "DesktopEntry": .string(MPRISInterface.desktopEntry)
        case "SupportedUriSchemes": .strings(["file"])
        case "SupportedMimeTypes": .strings(MPRISInterface.supportedMimeTypes)
        default: nil
        }
    }

    func playerProperty(_ name: String) -> DBusValue? {
        guard let target else { return nil }
        switch name {
        case "PlaybackStatus": return .string(target.playbackStatus.rawValue)
        case "Rate", "MinimumRate", "MaximumRate": return .double(1)
        case "Metadata": return .dictionary(MPRISServer.dictionary(target.metadata))
        case "Volume": return .double(target.volume)
        case "Position": return .int64(MPRISPosition.microseconds(ms: target.positionMs))
        case "CanGoNext": return .bool(target.canGoNext)
        case "CanGoPrevious": return .bool(target.canGoPrevious)
        case "CanPlay": return .bool(target.canPlay)
        case "CanPause": return .bool(target.canPause)
        case "CanSeek": return .bool(target.canSeek)
        case "CanControl": return .bool(true)
        default: return nil
        }
    }

    private static func dictionary(_ metadata: MPRISMetadata?) -> [String: DBusValue] {
        guard let metadata else { return ["mpris:trackid": .objectPath(MPRISMetadata.noTrack)] }
        var entries: [String: DBusValue] = [
            "mpris:trackid": .objectPath(metadata.trackID),
            "xesam:title": .string(metadata.title),
        ]
        if let url = fileURI(metadata.path) { entries["xesam:url"] = .string(url) }
        if let length = metadata.lengthMicroseconds { entries["mpris:length"] = .int64(length) }
        if let art = metadata.artPath, let url = fileURI(art) { entries["mpris:artUrl"] = .string(url) }
        // The spec makes the comment a list of strings; clients that show one show the row's line.
        if let comment = metadata.comment { entries["xesam:comment"] = .strings([comment]) }
        return entries
    }

    private static func fileURI(_ path: String) -> String? {
        guard let uri = PathBytes.withCString(path, { g_filename_to_uri($0, nil, nil) }) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    private func set(_ interface: String, _ name: String, _ value: Double) -> String? {
        guard interface == MPRISInterface.player, let target else { return "\(name) is read-only" }
        switch name {
        case "Volume":
            // The spec says a negative volume means 0; VideoToy's players top out at 1.
            target.volume = min(1, max(0, value))
            invalidate(.volume)
            return nil
        case "Rate":
            // Only 1.0 is supported (Minimum = Maximum = 1); the spec defines 0 as a pause.
            if value == 0 { target.pause(); invalidate(.all) }
            return nil
        default:
            return "\(name) is read-only"
        }
    }

    // MARK: Methods

    /// A method's failure as a D-Bus error name and message.
    struct Failure: Error, Sendable {
        let name: String
        let message: String
    }

    func call(_ interface: String, _ method: String, _ arguments: [DBusValue]) -> Failure? {
        guard let target else { return Failure(name: "org.freedesktop.DBus.Error.Failed", message: "the player is gone") }
        switch (interface, method) {
        case (MPRISInterface.root, "Raise"): target.raise()
        case (MPRISInterface.root, "Quit"):
            // After the reply is queued: quitting stops the server, whose flush then delivers the reply.
            MainLoop.after(milliseconds: 0) { [weak target] in target?.quit() }
        case (_, "Play"): if target.canPlay { target.play() }
        case (_, "Pause"): if target.canPause { target.pause() }
        case (_, "PlayPause"): target.playPause()
        case (_, "Stop"): target.stop()
        case (_, "Next"): if target.canGoNext { target.next() }
        case (_, "Previous"): if target.canGoPrevious { target.previous() }
        case (_, "Seek"):
            seek(by: arguments.first?.int64 ?? 0, target)
        case (_, "SetPosition"):
            let track = arguments.first?.string
            let position = arguments.dropFirst().first?.int64 ?? -1
            // The spec: a stale track id or a position outside the track is ignored.
            guard target.canSeek, track == target.metadata?.trackID,
                case .seek(let ms) = MPRISPosition.setPosition(microseconds: position, durationMs: target.metadata?.durationMs)
            else { break }
            target.seek(toMs: ms)
            seeked(toMs: ms)
        case (_, "OpenUri"):
            let uri = arguments.first?.string ?? ""
            guard uri.lowercased().hasPrefix("file:") else {
                return Failure(name: "org.freedesktop.DBus.Error.NotSupported", message: "only file:// URIs can be opened")
            }
            guard target.open(path: PathArgument.path(fromArgument: uri)) else {
                return Failure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "cannot open \(uri)")
            }
        default:
            return Failure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
        // Commands change state right away in the policy; clients hear it without waiting for the next poll.
        invalidate(.all)
        return nil
    }

    private func seek(by offsetUs: Int64, _ target: MPRISPlayerTarget) {
        guard target.canSeek else { return }
        switch MPRISPosition.seek(
            fromMs: target.positionMs, byMicroseconds: offsetUs, durationMs: target.metadata?.durationMs, canGoNext: target.canGoNext)
        {
        case .seek(let ms):
            target.seek(toMs: ms)
            seeked(toMs: ms)
        case .next:
            // The spec: seeking past the end acts like Next.
            target.next()
        case .ignore:
            break
        }
    }

    // MARK: GDBus callbacks

    /// GLib copies the table when registering; one static copy is enough for every registration.
    ///
    /// C pointers are not Sendable, so each callback turns them into Swift values before it enters the main
    /// actor (GDBus calls on the thread that registered, the main one) and acts on the C side after.
    nonisolated(unsafe) private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(
            to: GDBusInterfaceVTable(
                method_call: { _, _, _, interface, method, parameters, invocation, data in
                    // The size of the arguments as sent, known without reading them: a megabyte of URI would keep
                    // the main loop busy converting and parsing it.
                    let size = parameters.map { Int(g_variant_get_size($0)) } ?? 0
                    guard size <= MPRISServer.largestArguments else {
                        g_dbus_method_invocation_return_dbus_error(
                            invocation, "org.freedesktop.DBus.Error.InvalidArgs",
                            "the arguments are \(size) bytes long; at most \(MPRISServer.largestArguments) are read")
                        return
                    }
                    let handle = CBox.object(data, as: ServerHandle.self)
                    let (interface, method) = (String(cString: interface!), String(cString: method!))
                    let arguments = DBusValue.children(of: parameters)
                    let failure = MainActor.assumeIsolated {
                        handle.server.map { $0.call(interface, method, arguments) }
                            ?? Failure(name: "org.freedesktop.DBus.Error.Failed", message: "the player has stopped")
                    }
                    if let failure {
                        g_dbus_method_invocation_return_dbus_error(invocation, failure.name, failure.message)
                    } else {
                        g_dbus_method_invocation_return_value(invocation, nil)
                    }
                },
                get_property: { _, _, _, interface, name, error, data in
                    let handle = CBox.object(data, as: ServerHandle.self)
                    let (interface, name) = (String(cString: interface!), String(cString: name!))
                    let value = MainActor.assumeIsolated { handle.server?.property(interface, name) }
                    if let value { return value.variant() }
                    g_set_error_literal(
                        error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
                        "no property \(name)")
                    return nil
                },
                set_property: { _, _, _, interface, name, value, error, data in
                    let handle = CBox.object(data, as: ServerHandle.self)
                    let (interface, name) = (String(cString: interface!), String(cString: name!))
                    // GDBus has checked the type against the introspection data: both writable properties are doubles.
                    let number = value.map { g_variant_get_double($0) } ?? 0
                    let problem = MainActor.assumeIsolated {
                        handle.server.map { $0.set(interface, name, number) } ?? "the player has stopped"
                    }
                    guard let problem else { return 1 }
                    g_set_error_literal(error, g_dbus_error_quark(), Int32(G_DBUS_ERROR_PROPERTY_READ_ONLY.rawValue), problem)
                    return 0
                },
                padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        return table
    }()
}

/// What GLib holds as user data: a weak way back to the server, so a late callback after `stop()` finds nothing.
private final class ServerHandle: @unchecked Sendable {
    weak var server: MPRISServer?
    /// Whether the connection is made to an address rather than got as the shared session bus.
    var fromAddress = false

    /// Drops the reference GLib held; each registration and name request holds one.
    static let release: GDestroyNotify = CBox.destroyNotify
}

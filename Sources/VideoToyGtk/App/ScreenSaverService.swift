import VideoToyCore
import VideoToyGObject

/// `org.freedesktop.ScreenSaver`, the service KDE, Xfce and others offer to keep the screen on.
///
/// Its calls wait for their reply, so they are made on `SessionBusWake`'s queue, never on the main thread.
struct ScreenSaverService: Sendable {
    /// The service's bus name.
    static let name = "org.freedesktop.ScreenSaver"
    private static let path = "/org/freedesktop/ScreenSaver"
    private let bus: DBusConnection?

    /// The service on `bus` (none: every call fails).
    init(bus: DBusConnection?) { self.bus = bus }

    /// Keeps the screen on, saying `reason`; returns the cookie, or nil when the service did not answer.
    func inhibit(reason: String) -> UInt32? {
        guard let bus,
            let reply = try? bus.call(
                Self.name, Self.path, Self.name, "Inhibit", .tuple([.string(AppIdentity.name), .string(reason)]),
                timeoutMilliseconds: 2000),
            case .tuple(let values) = reply, case .uint32(let cookie)? = values.first
        else { return nil }
        return cookie
    }

    /// Ends the hold `cookie` stands for.
    func uninhibit(_ cookie: UInt32) {
        _ = try? bus?.call(Self.name, Self.path, Self.name, "UnInhibit", .tuple([.uint32(cookie)]), timeoutMilliseconds: 2000)
    }
}

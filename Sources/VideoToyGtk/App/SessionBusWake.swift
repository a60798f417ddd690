import Foundation
import VideoToyCore
import VideoToyGObject

/// The session bus's side of keeping the screen on, asked on a queue of its own: whether GNOME's session manager or
/// `org.freedesktop.ScreenSaver` is there, and the ScreenSaver's holds. A bus that answers slowly never stalls the
/// window, and the serial queue keeps each release after the hold it ends.
final class SessionBusWake: @unchecked Sendable {
    // Safe to share: every field below is read and written on `queue` only.
    private let queue = DispatchQueue(label: "videotoy.wake")
    private var bus: DBusConnection?
    private var connected = false
    private var screenSaver: ScreenSaverService?
    private var cookie: UInt32?

    /// What the bus offers: a session manager GTK can ask, and the ScreenSaver service.
    struct Services: Sendable {
        /// `org.gnome.SessionManager` has an owner.
        var sessionManager = false
        /// `org.freedesktop.ScreenSaver` has an owner.
        var screenSaver = false
    }

    /// Asks the bus which services it has, then calls `done` on the main thread.
    func discover(_ done: @escaping @MainActor @Sendable (Services) -> Void) {
        queue.async { [self] in
            connect()
            let found = Services(sessionManager: owned("org.gnome.SessionManager"), screenSaver: owned(ScreenSaverService.name))
            DispatchQueue.main.async { done(found) }
        }
    }

    /// Takes a ScreenSaver hold saying `reason`, letting go of the one before once it is in force; `failed` is called
    /// on the main thread when the service did not answer.
    func hold(reason: String, failed: @escaping @MainActor @Sendable () -> Void) {
        queue.async { [self] in
            let previous = cookie
            cookie = screenSaver?.inhibit(reason: reason)
            if let previous { screenSaver?.uninhibit(previous) }
            if cookie == nil { DispatchQueue.main.async { failed() } }
        }
    }

    /// Ends the ScreenSaver hold, if one is in force.
    func release() {
        queue.async { [self] in
            if let cookie { screenSaver?.uninhibit(cookie) }
            cookie = nil
        }
    }

    private func connect() {
        guard !connected else { return }
        connected = true
        bus = try? DBusConnection.connect()
        screenSaver = ScreenSaverService(bus: bus)
    }

    private func owned(_ name: String) -> Bool {
        guard let bus,
            let reply = try? bus.call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                .tuple([.string(name)]), timeoutMilliseconds: 1000),
            case .tuple(let values) = reply, case .bool(let owned)? = values.first
        else { return false }
        return owned
    }
}

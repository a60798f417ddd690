import CGtk
import Foundation
import VideoToyCore
import VideoToyGObject

/// Keeps the screen on through whatever the session offers, first that answers: GTK's inhibitor (GNOME's session
/// manager, the portal in a sandbox, and on Wayland the compositor's idle-inhibit protocol on the main window), then
/// `org.freedesktop.ScreenSaver` (KDE, Xfce and others), then the X server's screen saver extension.
@MainActor
public final class SessionWake: ScreenWaking {
    /// The ways of keeping the screen on, in the order they are tried.
    enum Route {
        case session, screenSaver, xServer
    }

    private let application: UnsafeMutablePointer<GtkApplication>
    private let window: Widget?
    private let report: @MainActor (String) -> Void
    private var routes: [Route]?
    /// The route in use and what it needs to let go: GTK's cookie or the service's.
    private var held: (route: Route, cookie: UInt32)?
    private lazy var bus: DBusConnection? = try? DBusConnection.connect()
    private lazy var screenSaver = ScreenSaverService(bus: bus)
    private lazy var xServer = XScreenSaverSuspension()

    /// Keeps the screen on for `application`, whose main window (`window`) the Wayland compositor is told of;
    /// `report` hears when nothing can keep it on.
    public init(application: UnsafeMutableRawPointer, window: LibraryWindow?, report: @escaping @MainActor (String) -> Void) {
        self.application = gcast(application)
        self.window = window?.window
        self.report = report
    }

    /// Keeps the screen on; the first route that answers is kept for later holds.
    public func hold(reason: String) {
        let previous = held
        held = nil
        for route in available() {
            if let cookie = take(route, reason: reason) {
                held = (route, cookie)
                break
            }
            // A route that did not answer once is not asked again.
            routes?.removeAll { $0 == route }
        }
        if held == nil { report("cannot keep the screen on: neither the session nor the X server answered") }
        // Let go only now: the new hold is already in force, so the screen never blanks in between.
        if let previous { give(previous.route, cookie: previous.cookie) }
    }

    /// Lets the screen blank again.
    public func release() {
        guard let previous = held else { return }
        held = nil
        give(previous.route, cookie: previous.cookie)
    }

    /// The routes this session may answer on, worked out at the first hold.
    private func available() -> [Route] {
        if let routes { return routes }
        var found: [Route] = []
        let sandboxed = FileManager.default.fileExists(atPath: "/.flatpak-info")
        let wayland = vt_display_is_x11(gdk_display_get_default()) == 0
        // GTK asks GNOME's session manager, or the portal in a sandbox; on Wayland it also inhibits idle on the
        // window's surface. Asked without a session manager, GTK warns and answers nothing.
        if sandboxed || wayland || owned("org.gnome.SessionManager") { found.append(.session) }
        if owned(ScreenSaverService.name) { found.append(.screenSaver) }
        if !wayland { found.append(.xServer) }
        routes = found
        return found
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

    /// Takes a hold through `route`; nil when it did not answer.
    private func take(_ route: Route, reason: String) -> UInt32? {
        switch route {
        case .session:
            let cookie = gtk_application_inhibit(application, window.map { gcast($0) }, GTK_APPLICATION_INHIBIT_IDLE, reason)
            return cookie == 0 ? nil : cookie
        case .screenSaver:
            return screenSaver.inhibit(reason: reason)
        case .xServer:
            guard let xServer else { return nil }
            xServer.suspend(true)
            return 1
        }
    }

    private func give(_ route: Route, cookie: UInt32) {
        switch route {
        case .session: gtk_application_uninhibit(application, cookie)
        case .screenSaver: screenSaver.uninhibit(cookie)
        case .xServer:
            // Suspension is not counted: it ends only when no hold through the X server is left.
            if held?.route != .xServer { xServer?.suspend(false) }
        }
    }
}

import CGtk
import Foundation
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// Keeps the screen on through whatever the session offers, first that answers: GTK's inhibitor (GNOME's session
/// manager, the portal in a sandbox, and on Wayland the compositor's idle-inhibit protocol on the main window), then
/// `org.freedesktop.ScreenSaver` (KDE, Xfce and others), then the X server's screen saver extension.
///
/// What the bus offers is asked once, off the main thread, at the first hold; a hold wanted meanwhile is taken when
/// the answer comes.
@MainActor
public final class SessionWake: ScreenWaking {
    /// The ways of keeping the screen on, in the order they are tried.
    enum Route {
        case session, screenSaver, xServer
    }

    private let application: UnsafeMutablePointer<GtkApplication>
    private let window: Widget?
    private let report: @MainActor (String) -> Void
    private let bus = SessionBusWake()
    /// The routes this session answers on; nil until the bus has said which services it has.
    private var routes: [Route]?
    private var discovering = false
    /// The reason of the hold wanted now; nil when the screen may blank.
    private var wanted: String?
    /// The route in use and what it needs to let go: GTK's cookie (the others need none here).
    private var held: (route: Route, cookie: UInt32)?
    private lazy var xServer = XScreenSaverSuspension()

    /// Keeps the screen on for `application`, whose main window (`window`) the Wayland compositor is told of;
    /// `report` hears when nothing can keep it on.
    public init(application: UnsafeMutableRawPointer, window: LibraryWindow?, report: @escaping @MainActor (String) -> Void) {
        self.application = gcast(application)
        self.window = window?.window
        self.report = report
    }

    /// Keeps the screen on, saying `reason` in the user's language.
    public func hold(reason: WakeReason) {
        wanted = reason.text()
        apply()
    }

    /// Lets the screen blank again.
    public func release() {
        wanted = nil
        apply()
    }

    /// Brings what is held in line with what is wanted, once the routes are known.
    private func apply() {
        guard routes != nil else { return discover() }
        let previous = held
        held = nil
        if let reason = wanted {
            for route in routes ?? [] {
                if let cookie = take(route, reason: reason) {
                    held = (route, cookie)
                    break
                }
                // A route that did not answer once is not asked again.
                routes?.removeAll { $0 == route }
            }
            if held == nil { report("cannot keep the screen on: neither the session nor the X server answered") }
        }
        // Let go only now: the new hold is already in force, so the screen never blanks in between.
        if let previous { give(previous) }
    }

    /// Asks the bus, off the main thread, which services this session has; the wanted hold follows the answer.
    private func discover() {
        guard !discovering else { return }
        discovering = true
        let sandboxed = FileManager.default.fileExists(atPath: "/.flatpak-info")
        let wayland = vt_display_is_x11(gdk_display_get_default()) == 0
        bus.discover { [weak self] services in
            guard let self else { return }
            var found: [Route] = []
            // GTK asks GNOME's session manager, or the portal in a sandbox; on Wayland it also inhibits idle on the
            // window's surface. Asked without a session manager, GTK warns and answers nothing.
            if sandboxed || wayland || services.sessionManager { found.append(.session) }
            if services.screenSaver { found.append(.screenSaver) }
            if !wayland { found.append(.xServer) }
            routes = found
            discovering = false
            apply()
        }
    }

    /// Takes a hold through `route`; nil when it did not answer at once.
    private func take(_ route: Route, reason: String) -> UInt32? {
        switch route {
        case .session:
            let cookie = gtk_application_inhibit(application, window.map { gcast($0) }, GTK_APPLICATION_INHIBIT_IDLE, reason)
            return cookie == 0 ? nil : cookie
        case .screenSaver:
            // The service answers on the bus's queue; one that does not is dropped and the next route taken then.
            bus.hold(reason: reason) { [weak self] in self?.screenSaverFailed() }
            return 0
        case .xServer:
            guard let xServer else { return nil }
            xServer.suspend(true)
            return 0
        }
    }

    private func give(_ previous: (route: Route, cookie: UInt32)) {
        switch previous.route {
        case .session: gtk_application_uninhibit(application, previous.cookie)
        // A new ScreenSaver hold lets go of the one before on the bus's queue, once it is in force.
        case .screenSaver: if held?.route != .screenSaver { bus.release() }
        // Suspension is not counted: it ends only when no hold through the X server is left.
        case .xServer: if held?.route != .xServer { xServer?.suspend(false) }
        }
    }

    private func screenSaverFailed() {
        routes?.removeAll { $0 == .screenSaver }
        guard held?.route == .screenSaver else { return }
        held = nil
        apply()
    }
}

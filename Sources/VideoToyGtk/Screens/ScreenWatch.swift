import CGtk
import VideoToyCore
import VideoToyGObject

/// The screens' watchers: GDK's monitors, reported to the controller as they come and go, the monitor the main
/// window is on, and the session's way of setting display modes.
///
/// Made before the main window and handed to it, so the window places scenes without owning these concerns.
@MainActor
public final class ScreenWatch {
    /// The API that sets display modes, or why there is none.
    public let modeSupport: Result<any DisplayModeSetter, ModeSettingUnavailable>
    /// GDK's monitor list, read as core screens.
    let monitors: MonitorSource
    private let controller: AppController
    /// The main window, once followed: the screen it is on is the main screen.
    private var window: Widget?
    private var mainConnector: String?
    private var connections: [SignalConnection] = []
    /// Whether the main window's moves go unreported: swapped screens put it on the external monitor on purpose.
    private var holding = false
    /// Ends the hold should the main window never be seen back home.
    private var release: SourceToken?
    /// Ends the hold once the main window is seen out of fullscreen at home.
    private var settle: SourceToken?

    /// Starts watching the default display's monitors for `controller`, setting modes through `modeSupport` (RandR's
    /// when not given). The first report waits for `follow(_:)`.
    public init(controller: AppController, modeSupport: Result<any DisplayModeSetter, ModeSettingUnavailable>? = nil) {
        self.controller = controller
        self.modeSupport = modeSupport ?? SessionProbe.randr()
        monitors = MonitorSource(modes: try? self.modeSupport.get())
        monitors.onChange = { [unowned self] screens, correction in
            updateMainScreen()
            controller.screensChanged(screens, correcting: correction)
        }
    }

    /// Why display modes cannot be set in this session, if they cannot.
    public var modeSupportNote: ModeSettingUnavailable? {
        if case .failure(let reason) = modeSupport { return reason }
        return nil
    }

    /// Follows the monitor `window` is on and reports the current monitors to the controller; call once the window is
    /// shown.
    public func follow(_ window: LibraryWindow) {
        let widget = window.window
        self.window = widget
        connections.append(Signal.notify(widget, "is-active") { [unowned self] in updateMainScreen() })
        monitors.follow(widget) { [unowned self] in updateMainScreen() }
        monitors.start()
    }

    /// Stops reporting the main window's moves while the screens are swapped; when they are put back, reporting
    /// starts again once the window is back on its monitor (the compositor says so a little later), or after a
    /// few seconds.
    func holdMainScreen(_ hold: Bool) {
        release?.cancel()
        release = nil
        settle?.cancel()
        settle = nil
        holding = true
        guard !hold else { return }
        release = MainLoop.after(milliseconds: 3000) { [unowned self] in
            release = nil
            endHold()
        }
        // The window is put back home before the hold ends, so no move may follow to end it: it ends once the
        // compositor has the window out of fullscreen there, seen twice in a row (its monitor follows the state).
        var seen = 0
        settle = MainLoop.every(milliseconds: 50) { [unowned self] in
            guard let window else { return true }
            seen = gtk_window_is_fullscreen(gcast(window)) == 0 && mainWindowIsHome ? seen + 1 : 0
            guard seen >= 2 else { return true }
            settle = nil
            endHold()
            return false
        }
    }

    /// Reports the main window's moves again, from where it is now.
    private func endHold() {
        release?.cancel()
        release = nil
        settle?.cancel()
        settle = nil
        holding = false
        updateMainScreen()
    }

    /// The GDK monitor the main window is on, as reported to the controller (the one it left, while swapped).
    func mainMonitor() -> OpaquePointer? {
        guard let window, let connector = holding ? mainConnector : monitors.connector(showing: window) else { return nil }
        return monitors.monitor(connector: connector)
    }

    /// Whether the main window is seen on the monitor last reported for it.
    var mainWindowIsHome: Bool {
        guard let window, let mainConnector else { return true }
        return monitors.connector(showing: window) == mainConnector
    }

    private func updateMainScreen() {
        guard let window, let connector = monitors.connector(showing: window) else { return }
        if holding {
            if release != nil, connector == mainConnector { endHold() }
            return
        }
        guard connector != mainConnector else { return }
        mainConnector = connector
        controller.mainScreenChanged(connector: connector)
    }
}

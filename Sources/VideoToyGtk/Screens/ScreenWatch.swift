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

    private func updateMainScreen() {
        guard let window, let connector = monitors.connector(showing: window), connector != mainConnector else { return }
        mainConnector = connector
        controller.mainScreenChanged(connector: connector)
    }
}

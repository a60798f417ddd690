/// One monitor as the routing core sees it: who it is, where it is, and which modes it offers.
public struct Screen: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Connector, manufacturer and model.
    public let id: ScreenID
    /// Position and size on the desktop; empty until the system reports it.
    public let geometry: ScreenRect
    /// Current refresh rate in thousandths of a hertz; zero when unknown.
    public let refreshMilliHz: Int
    /// Supported modes, worst first, so `modes.last` is the best (as UIKit's `availableModes`); empty on Wayland.
    public let modes: [ScreenMode]
    /// The mode in use, when the system reports it.
    public let currentMode: ScreenMode?

    /// Creates a screen; `modes` may come in any order and are sorted worst first.
    public init(
        id: ScreenID,
        geometry: ScreenRect,
        refreshMilliHz: Int = 0,
        modes: [ScreenMode] = [],
        currentMode: ScreenMode? = nil
    ) {
        self.id = id
        self.geometry = geometry
        self.refreshMilliHz = refreshMilliHz
        self.modes = modes.sorted()
        self.currentMode = currentMode
    }

    /// The mode with the most pixels and then the highest refresh rate, if any mode is known.
    public var bestMode: ScreenMode? { modes.last }

    /// True once the monitor has a connector and a non-empty geometry; only ready screens are routed to, because a
    /// monitor is announced before either is known.
    public var isReady: Bool { !id.connector.isEmpty && !geometry.isEmpty }

    /// This screen after switching to `mode`: same position, the mode's size and refresh rate.
    public func switched(to mode: ScreenMode) -> Screen {
        Screen(
            id: id,
            geometry: ScreenRect(x: geometry.x, y: geometry.y, width: mode.width, height: mode.height),
            refreshMilliHz: mode.refreshMilliHz,
            modes: modes,
            currentMode: mode
        )
    }

    /// A short form naming the screen and its geometry.
    public var description: String { "\(id) \(geometry)" }
}

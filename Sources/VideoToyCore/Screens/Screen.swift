/// One screen as the routing core sees it: a monitor (who it is, where it is, which modes it offers) or a renderer on
/// the network.
public struct Screen: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Connector, manufacturer and model; for a network screen `upnp:` and its UDN, maker and model.
    public let id: ScreenID
    /// A monitor or a renderer on the network.
    public let kind: ScreenKind
    /// The name its owner gave a network screen ("Living room TV"); empty for a monitor.
    public let name: String
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
        kind = .monitor
        name = ""
        self.geometry = geometry
        self.refreshMilliHz = refreshMilliHz
        self.modes = modes.sorted()
        self.currentMode = currentMode
    }

    /// The network screen of `renderer`: no geometry and no modes, ready as soon as it is found.
    public init(renderer: NetworkRenderer) {
        id = ScreenID(connector: renderer.id, manufacturer: renderer.manufacturer, model: renderer.model)
        kind = .network
        name = renderer.friendlyName
        geometry = .zero
        refreshMilliHz = 0
        modes = []
        currentMode = nil
    }

    /// The mode with the most pixels and then the highest refresh rate, if any mode is known.
    public var bestMode: ScreenMode? { modes.last }

    /// True once a monitor has a connector and a non-empty geometry (a network screen, once it has an identifier);
    /// only ready screens are routed to, because a monitor is announced before either is known.
    public var isReady: Bool { !id.connector.isEmpty && (kind == .network || !geometry.isEmpty) }

    /// This screen after switching to `mode`: same position, the mode's size and refresh rate.
    public func switched(to mode: ScreenMode) -> Screen {
        guard kind == .monitor else { return self }
        return Screen(
            id: id,
            geometry: ScreenRect(x: geometry.x, y: geometry.y, width: mode.width, height: mode.height),
            refreshMilliHz: mode.refreshMilliHz,
            modes: modes,
            currentMode: mode
        )
    }

    /// Whether `name`, as given with `--screen`, means this screen: its connector, or a network screen's own name.
    public func answers(to name: String) -> Bool {
        id.connector == name || (kind == .network && !self.name.isEmpty && self.name == name)
    }

    /// A short form naming the screen and its geometry.
    public var description: String { "\(id) \(geometry)" }
}

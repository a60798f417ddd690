import VideoToyCore

/// A monitor list you plug and unplug by hand, standing in for GDK's monitor list and RandR's modes in tests.
///
/// Like GDK, a new monitor can be announced before its geometry is known: it is then listed as a placeholder with
/// no connector and an empty geometry until `makeReady` fills it in.
public struct FakeMonitorSource: Hashable, Sendable {
    /// What an announced monitor looks like before its geometry is known.
    public static let placeholder = Screen(id: ScreenID(connector: ""), geometry: .zero)

    /// The monitor list in the system's order, placeholders included.
    public private(set) var monitors: [Screen]

    /// Creates a source listing these monitors.
    public init(_ monitors: [Screen] = []) { self.monitors = monitors }

    /// A monitor with 1280x720, 1920x1080 and 3840x2160 modes (60 Hz, plus 1920x1080 at 50 Hz), running `current`.
    public static func monitor(
        _ connector: String,
        manufacturer: String = "ACME",
        model: String = "View",
        x: Int = 0,
        modes: [ScreenMode] = FakeMonitorSource.standardModes,
        current: ScreenMode? = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    ) -> Screen {
        let size = current ?? modes.last ?? ScreenMode(width: 1024, height: 768, refreshMilliHz: 60000)
        return Screen(
            id: ScreenID(connector: connector, manufacturer: manufacturer, model: model),
            geometry: ScreenRect(x: x, y: 0, width: size.width, height: size.height),
            refreshMilliHz: size.refreshMilliHz,
            modes: modes,
            currentMode: current
        )
    }

    /// The modes `monitor` offers by default.
    public static let standardModes = [
        ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000),
        ScreenMode(width: 3840, height: 2160, refreshMilliHz: 60000),
        ScreenMode(width: 1280, height: 720, refreshMilliHz: 60000),
        ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000),
    ]

    /// The monitors whose connector and geometry are known.
    public var readyScreens: [Screen] { monitors.filter(\.isReady) }

    /// The ready monitor with this identifier, if connected.
    public func screen(_ id: ScreenID) -> Screen? { readyScreens.first { $0.id == id } }

    /// Connects a monitor whose geometry is known at once; replugging the same monitor replaces the old entry.
    public mutating func plug(_ screen: Screen) {
        monitors.removeAll { $0.id == screen.id && screen.isReady }
        monitors.append(screen)
    }

    /// Connects a monitor whose connector and geometry are not known yet.
    public mutating func announce() { monitors.append(Self.placeholder) }

    /// Fills in the first announced monitor (or plugs the screen when none was announced).
    public mutating func makeReady(_ screen: Screen) {
        guard let index = monitors.firstIndex(where: { !$0.isReady }) else { return plug(screen) }
        monitors[index] = screen
    }

    /// Disconnects the monitor.
    public mutating func unplug(_ id: ScreenID) { monitors.removeAll { $0.id == id } }

    /// Switches a connected monitor to one of its modes; false when it is absent or does not offer the mode.
    @discardableResult
    public mutating func setMode(_ mode: ScreenMode, on id: ScreenID) -> Bool {
        guard let index = monitors.firstIndex(where: { $0.id == id && $0.isReady }),
            monitors[index].modes.contains(mode)
        else { return false }
        monitors[index] = monitors[index].switched(to: mode)
        return true
    }
}

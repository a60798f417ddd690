/// A compositor's whole monitor configuration as GNOME's DisplayConfig reports it (`GetCurrentState`): every
/// monitor with its modes, and how the active ones are laid out.
public struct DisplayLayout: Hashable, Sendable {
    /// The compositor's configuration serial; any change, ours or not, gives a new one.
    public var serial: UInt32
    /// Every connected monitor.
    public var monitors: [LayoutMonitor]
    /// The desktop's areas, each shown by one or more monitors.
    public var logicalMonitors: [LogicalMonitor]
    /// True when logical monitor sizes are the mode size divided by the scale (GNOME's default), false when they
    /// are the mode size itself.
    public var scalesLogically: Bool

    /// Creates a layout.
    public init(serial: UInt32, monitors: [LayoutMonitor], logicalMonitors: [LogicalMonitor], scalesLogically: Bool = true) {
        self.serial = serial
        self.monitors = monitors
        self.logicalMonitors = logicalMonitors
        self.scalesLogically = scalesLogically
    }

    /// The monitor on `connector`, if connected.
    public func monitor(_ connector: String) -> LayoutMonitor? {
        monitors.first { $0.connector == connector }
    }

    /// Each connector's modes, worst first, and the one in use.
    public var outputModes: [String: OutputModes] {
        Dictionary(
            monitors.map { ($0.connector, OutputModes(modes: $0.modes.map(\.mode).sorted(), current: $0.currentMode?.mode)) },
            uniquingKeysWith: { first, _ in first })
    }
}

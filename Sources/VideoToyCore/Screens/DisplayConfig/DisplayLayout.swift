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

/// One physical monitor in a `DisplayLayout`.
public struct LayoutMonitor: Hashable, Sendable {
    /// The connector name, such as `HDMI-1` or `Meta-2`.
    public var connector: String
    /// Manufacturer, product and serial number, as the compositor identifies the monitor.
    public var vendor: String, product: String, serialNumber: String
    /// Every mode the monitor offers.
    public var modes: [LayoutMode]

    /// Creates a monitor.
    public init(connector: String, vendor: String = "", product: String = "", serialNumber: String = "", modes: [LayoutMode]) {
        self.connector = connector
        self.vendor = vendor
        self.product = product
        self.serialNumber = serialNumber
        self.modes = modes
    }

    /// The mode in use, if the monitor is active.
    public var currentMode: LayoutMode? { modes.first(where: \.isCurrent) }

    /// The compositor's mode matching `mode`, preferring the exact refresh rate it reports.
    public func layoutMode(matching mode: ScreenMode) -> LayoutMode? {
        modes.first { $0.mode == mode }
    }
}

/// One mode of a `LayoutMonitor`, under the compositor's own name for it.
public struct LayoutMode: Hashable, Sendable {
    /// The compositor's id for the mode, which `ApplyMonitorsConfig` takes.
    public var id: String
    /// Size and refresh rate.
    public var mode: ScreenMode
    /// The scale the compositor would pick for this mode.
    public var preferredScale: Double
    /// The scales this mode can be shown at.
    public var supportedScales: [Double]
    /// Whether the monitor is in this mode now.
    public var isCurrent: Bool

    /// Creates a mode.
    public init(id: String, mode: ScreenMode, preferredScale: Double = 1, supportedScales: [Double] = [1], isCurrent: Bool = false) {
        self.id = id
        self.mode = mode
        self.preferredScale = preferredScale
        self.supportedScales = supportedScales
        self.isCurrent = isCurrent
    }
}

/// One area of the desktop in a `DisplayLayout`, shown by the monitors it lists.
public struct LogicalMonitor: Hashable, Sendable {
    /// Position on the desktop in logical pixels.
    public var x: Int, y: Int
    /// The scale applied to the monitors' modes.
    public var scale: Double
    /// The rotation and flip, as the compositor numbers them (odd values are turned a quarter).
    public var transform: UInt32
    /// Whether this is the primary monitor.
    public var isPrimary: Bool
    /// The connectors of the monitors showing it.
    public var connectors: [String]

    /// Creates a logical monitor.
    public init(x: Int, y: Int, scale: Double = 1, transform: UInt32 = 0, isPrimary: Bool = false, connectors: [String]) {
        self.x = x
        self.y = y
        self.scale = scale
        self.transform = transform
        self.isPrimary = isPrimary
        self.connectors = connectors
    }
}

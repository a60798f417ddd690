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

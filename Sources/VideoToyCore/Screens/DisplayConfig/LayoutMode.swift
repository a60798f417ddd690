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

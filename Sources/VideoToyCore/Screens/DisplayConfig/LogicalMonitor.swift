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

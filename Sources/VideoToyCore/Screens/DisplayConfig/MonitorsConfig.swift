/// A whole configuration to hand to GNOME's DisplayConfig (`ApplyMonitorsConfig`).
public struct MonitorsConfig: Hashable, Sendable {
    /// How the compositor applies a configuration. There is deliberately no persistent method: the user's saved
    /// layout (`monitors.xml`) is never changed.
    public enum Method: UInt32, Hashable, Sendable {
        /// Checks the configuration without applying it.
        case verify = 0
        /// Applies it now without saving it.
        case temporary = 1
    }

    /// One logical monitor: where it is and which monitors show it in which mode.
    public struct Logical: Hashable, Sendable {
        /// Position in logical pixels.
        public var x: Int, y: Int
        /// Scale, rotation and primary flag, as in `LogicalMonitor`.
        public var scale: Double, transform: UInt32, isPrimary: Bool
        /// Each monitor's connector and the compositor's id of its mode.
        public var monitors: [Assignment]

        /// Creates a logical monitor.
        public init(x: Int, y: Int, scale: Double, transform: UInt32, isPrimary: Bool, monitors: [Assignment]) {
            self.x = x
            self.y = y
            self.scale = scale
            self.transform = transform
            self.isPrimary = isPrimary
            self.monitors = monitors
        }
    }

    /// A monitor in a logical monitor, in one mode.
    public struct Assignment: Hashable, Sendable {
        /// The connector.
        public var connector: String
        /// The compositor's mode id.
        public var modeID: String

        /// Creates an assignment.
        public init(connector: String, modeID: String) {
            self.connector = connector
            self.modeID = modeID
        }
    }

    /// The serial of the configuration this one was built from; the compositor refuses it if anything changed since.
    public var serial: UInt32
    /// How to apply it.
    public var method: Method
    /// Every logical monitor that stays on.
    public var logicalMonitors: [Logical]

    /// Creates a configuration.
    public init(serial: UInt32, method: Method, logicalMonitors: [Logical]) {
        self.serial = serial
        self.method = method
        self.logicalMonitors = logicalMonitors
    }
}

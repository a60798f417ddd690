/// What one `zwlr_output_configuration_v1` says about one head: disable it, or enable it with the properties to
/// set (a property left nil is not sent, so the compositor keeps its own).
public struct HeadSetting: Hashable, Sendable {
    /// How the head's mode is set.
    public enum ModeChoice: Hashable, Sendable {
        /// `set_mode` with the head's mode at this index in `OutputHead.modes`.
        case listed(Int)
        /// `set_custom_mode` with this size and refresh (0 for any).
        case custom(ScreenMode)
    }

    /// Where the head goes and how it is turned and scaled.
    public struct Placement: Hashable, Sendable {
        /// Position in the compositor's space.
        public var x: Int
        /// Position in the compositor's space.
        public var y: Int
        /// The `wl_output.transform` value.
        public var transform: Int
        /// The scale.
        public var scale: Double

        /// Creates a placement.
        public init(x: Int, y: Int, transform: Int, scale: Double) {
            self.x = x
            self.y = y
            self.transform = transform
            self.scale = scale
        }
    }

    /// The head's name.
    public var head: String
    /// False for `disable_head`.
    public var isEnabled: Bool
    /// The mode to set, or nil to send none.
    public var mode: ModeChoice?
    /// The placement to set, or nil to send none.
    public var placement: Placement?

    /// Creates a setting.
    public init(head: String, isEnabled: Bool, mode: ModeChoice? = nil, placement: Placement? = nil) {
        self.head = head
        self.isEnabled = isEnabled
        self.mode = mode
        self.placement = placement
    }
}

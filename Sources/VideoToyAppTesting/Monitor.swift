/// One RandR output as `xrandr --query` reports it.
public struct Monitor: Sendable, Equatable {
    /// Output name, e.g. `DUMMY1`.
    public let connector: String
    /// RandR's connection state; the dummy driver keeps an output "connected" after it has been switched off.
    public let isConnected: Bool
    /// Whether RandR calls it the primary output.
    public let isPrimary: Bool
    /// Position and size on the root window, nil while the output is off.
    public let geometry: Rect?
    /// Every mode it offers, in xrandr's order.
    public let modes: [DisplayMode]

    /// Whether the output is on, i.e. a monitor GTK would list.
    public var isActive: Bool { geometry != nil }
    /// The mode shown now, if any.
    public var currentMode: DisplayMode? { modes.first(where: \.isCurrent) }
}

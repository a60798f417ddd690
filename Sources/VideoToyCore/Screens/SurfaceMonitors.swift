/// Which monitor shows a window where windows have no global position (Wayland), from the compositor's reports of
/// the window entering and leaving monitors: the earliest entered of those it is still on, so a window dragged
/// across stays on its monitor until it has left it.
public struct SurfaceMonitors: Hashable, Sendable {
    private var entered: [String] = []

    /// Creates a record of a window that is on no monitor yet.
    public init() {}

    /// The window is now (also) on the monitor with `connector`; an unnamed monitor is not counted.
    public mutating func enter(_ connector: String) {
        guard !connector.isEmpty, !entered.contains(connector) else { return }
        entered.append(connector)
    }

    /// The window is no longer on the monitor with `connector`.
    public mutating func leave(_ connector: String) {
        entered.removeAll { $0 == connector }
    }

    /// The monitors that are gone from the system no longer count.
    public mutating func keep(only connectors: Set<String>) {
        entered.removeAll { !connectors.contains($0) }
    }

    /// The connector of the monitor showing the window, once the compositor has said.
    public var current: String? { entered.first }
}

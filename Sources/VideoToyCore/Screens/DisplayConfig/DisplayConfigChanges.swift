/// The decisions behind the router's `setMode` and `restoreMode` on GNOME's DisplayConfig: which configuration to
/// apply, what to put back, and when to leave the user's configuration alone. A value type; the adapter reads the
/// compositor's state, asks, carries out the answer and reports back.
///
/// Rules:
/// - A mode is set by applying the whole current layout with that one monitor's mode changed, always with the
///   temporary method. Monitors placed right of or below it move by its change in size, so nothing overlaps.
/// - The mode a monitor had before its first change is remembered until it is restored.
/// - After each change of ours the resulting layout is remembered. A layout seen that differs from it was changed by
///   someone else: the user in Settings (mutter keeps the serial then) or a monitor plugged (a new serial). Every
///   record is dropped and nothing is restored, so VideoToy never fights over the configuration.
/// - One call is carried out at a time; its outcome (`finished`) must come before the next decision.
public struct DisplayConfigChanges: Hashable, Sendable {
    /// What to do for one request.
    public enum Decision: Hashable, Sendable {
        /// Apply this configuration, then report with `finished`.
        case apply(MonitorsConfig)
        /// The monitor is already in that mode.
        case nothing
        /// The configuration is left as it is, for the reason given.
        case leave(ModeSettingUnavailable)
    }

    private struct Pending: Hashable, Sendable {
        let connector: String
        /// The mode to remember when setting, nil when restoring.
        let previousModeID: String?
    }

    private var previous: [String: String] = [:]
    /// Connectors whose record was dropped because someone else changed the configuration.
    private var abandoned: Set<String> = []
    private var expected: DisplayLayout?
    private var pending: Pending?

    /// Creates a machine that has changed nothing.
    public init() {}

    /// The connectors whose original mode is remembered, sorted: what quitting must restore.
    public var changedConnectors: [String] { previous.keys.sorted() }

    /// Decides how to switch `connector` to `mode`, given the layout just read.
    public mutating func set(_ mode: ScreenMode, on connector: String, in layout: DisplayLayout) -> Decision {
        observe(layout)
        guard let monitor = layout.monitor(connector), let current = monitor.currentMode else {
            return .leave(.notActive(connector: connector))
        }
        guard let target = monitor.layoutMode(matching: mode) else { return .leave(.noSuchMode(mode, connector: connector)) }
        guard target.id != current.id else { return .nothing }
        switch Self.config(layout, switching: connector, from: current, to: target) {
        case .success(let config):
            pending = Pending(connector: connector, previousModeID: previous[connector] ?? current.id)
            return .apply(config)
        case .failure(let reason):
            return .leave(reason)
        }
    }

    /// Decides how to put `connector` back into the mode it had before VideoToy changed it.
    public mutating func restore(_ connector: String, in layout: DisplayLayout) -> Decision {
        observe(layout)
        guard let modeID = previous.removeValue(forKey: connector) else {
            // Never changed, or its change was refused: there is nothing to put back.
            guard abandoned.remove(connector) != nil else { return .nothing }
            return .leave(.configurationChangedOutside(connector: connector))
        }
        guard let monitor = layout.monitor(connector), let current = monitor.currentMode,
            let target = monitor.modes.first(where: { $0.id == modeID })
        else { return .leave(.noLongerActive(connector: connector)) }
        guard target.id != current.id else { return .nothing }
        switch Self.config(layout, switching: connector, from: current, to: target) {
        case .success(let config):
            pending = Pending(connector: connector, previousModeID: nil)
            return .apply(config)
        case .failure(let reason):
            return .leave(reason)
        }
    }

    /// Reports the outcome of the last `apply`: the layout read right after it, or nil if the compositor refused.
    public mutating func finished(_ layout: DisplayLayout?) {
        guard let done = pending else { return }
        pending = nil
        guard let layout else { return }
        expected = layout
        if let modeID = done.previousModeID {
            previous[done.connector] = modeID
            abandoned.remove(done.connector)
        }
    }

    /// Takes note of a layout read for any reason; one other than the layout our last change left means someone
    /// else changed it.
    public mutating func observe(_ layout: DisplayLayout) {
        guard let expected, layout != expected else { return }
        abandoned.formUnion(previous.keys)
        previous.removeAll()
        self.expected = nil
    }

    /// The whole layout with `connector` in `mode`, to apply temporarily: what `set` applies, built even when the
    /// monitor is already in that mode (re-applying a layout is harmless); or why it cannot be built.
    public static func config(_ layout: DisplayLayout, switching connector: String, to mode: ScreenMode) -> Result<
        MonitorsConfig, ModeSettingUnavailable
    > {
        guard let monitor = layout.monitor(connector), let current = monitor.currentMode else {
            return .failure(.notActive(connector: connector))
        }
        guard let target = monitor.layoutMode(matching: mode) else {
            return .failure(.noSuchMode(mode, connector: connector))
        }
        return config(layout, switching: connector, from: current, to: target)
    }

    /// The layout with one monitor switched from `current` to `target`, or why it cannot be built.
    static func config(
        _ layout: DisplayLayout, switching connector: String, from current: LayoutMode, to target: LayoutMode
    ) -> Result<MonitorsConfig, ModeSettingUnavailable> {
        guard let moved = layout.logicalMonitors.first(where: { $0.connectors.contains(connector) }) else {
            return .failure(.notOnDesktop(connector: connector))
        }
        guard moved.connectors.count == 1 else {
            return .failure(.mirrors(connector: connector))
        }
        let scale = target.supportedScales.contains { abs($0 - moved.scale) < 0.001 } ? moved.scale : target.preferredScale
        let before = logicalSize(current.mode, scale: moved.scale, transform: moved.transform, layout.scalesLogically)
        let after = logicalSize(target.mode, scale: scale, transform: moved.transform, layout.scalesLogically)
        var logical: [MonitorsConfig.Logical] = []
        for monitor in layout.logicalMonitors {
            var assignments: [MonitorsConfig.Assignment] = []
            for name in monitor.connectors {
                if name == connector {
                    assignments.append(MonitorsConfig.Assignment(connector: name, modeID: target.id))
                } else if let mode = layout.monitor(name)?.currentMode {
                    assignments.append(MonitorsConfig.Assignment(connector: name, modeID: mode.id))
                } else {
                    return .failure(.noCurrentMode(connector: name))
                }
            }
            let isMoved = monitor == moved
            // Whatever lay beyond the switched monitor's old edge stays adjacent to its new edge.
            let x = !isMoved && monitor.x >= moved.x + before.width ? monitor.x + after.width - before.width : monitor.x
            let y = !isMoved && monitor.y >= moved.y + before.height ? monitor.y + after.height - before.height : monitor.y
            logical.append(
                MonitorsConfig.Logical(
                    x: x, y: y, scale: isMoved ? scale : monitor.scale, transform: monitor.transform, isPrimary: monitor.isPrimary,
                    monitors: assignments))
        }
        return .success(MonitorsConfig(serial: layout.serial, method: .temporary, logicalMonitors: logical))
    }

    private static func logicalSize(_ mode: ScreenMode, scale: Double, transform: UInt32, _ scalesLogically: Bool) -> (
        width: Int, height: Int
    ) {
        let divisor = scalesLogically && scale > 0 ? scale : 1
        let width = Int((Double(mode.width) / divisor).rounded()), height = Int((Double(mode.height) / divisor).rounded())
        // Odd transforms turn the monitor a quarter, swapping its sides on the desktop.
        return transform % 2 == 1 ? (height, width) : (width, height)
    }
}

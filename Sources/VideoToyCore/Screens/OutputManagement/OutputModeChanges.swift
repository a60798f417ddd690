/// The decisions behind setting and restoring modes through wlroots' output management: whether to apply, and
/// when a restore must leave the output alone because its mode was changed elsewhere. A value type; the adapter
/// reads the heads, asks, applies and reports back with `finished`.
///
/// Rules:
/// - Setting a mode applies it unless the head is gone, switched off, or already in it.
/// - The mode VideoToy set is remembered per connector once the compositor accepted it.
/// - Restoring applies the original only when the head still runs the mode VideoToy set; a head in any other
///   mode (the user changed it meanwhile), switched off or gone is left as it is, with the reason. A head whose
///   state the compositor does not report cannot be told apart, so it is restored.
/// - A restore ends the record whatever its outcome: VideoToy never tries twice or fights over an output.
public struct OutputModeChanges: Hashable, Sendable {
    /// What to do for one request.
    public enum Decision: Hashable, Sendable {
        /// Apply the mode, then report with `finished`.
        case apply
        /// The head is already in that mode.
        case nothing
        /// The output is left as it is, for the reason given.
        case leave(ModeSettingUnavailable)
    }

    private var setModes: [String: ScreenMode] = [:]

    /// Creates a machine that has set nothing.
    public init() {}

    /// The connectors VideoToy has set a mode on and not restored, sorted.
    public var changedConnectors: [String] { setModes.keys.sorted() }

    /// The mode VideoToy set on `connector`, if it has not been restored.
    public func modeSet(on connector: String) -> ScreenMode? { setModes[connector] }

    /// Decides whether to switch `connector`, now in `state`, to `mode`.
    public func set(_ mode: ScreenMode, on connector: String, state: HeadState) -> Decision {
        switch state {
        case .gone: return .leave(.noOutput(connector: connector))
        case .off: return .leave(.switchedOff(connector: connector))
        case .running(let current) where current == mode: return .nothing
        case .running, .unreported: return .apply
        }
    }

    /// Decides whether to put `connector`, now in `state`, back into `original`.
    public func restore(_ original: ScreenMode, on connector: String, state: HeadState) -> Decision {
        guard let set = setModes[connector] else { return .nothing }
        switch state {
        case .gone: return .leave(.goneBeforeRestore(connector: connector))
        case .off: return .leave(.switchedOffOutside(connector: connector))
        case .running(let current) where current == original: return .nothing
        case .running(let current) where current != set:
            return .leave(.changedOutside(connector: connector, to: current))
        case .running, .unreported: return .apply
        }
    }

    /// Reports how a request ended: a set the compositor accepted is remembered, and any restore ends the record.
    public mutating func finished(_ mode: ScreenMode, on connector: String, restoring: Bool, applied: Bool) {
        if restoring {
            setModes[connector] = nil
        } else if applied {
            setModes[connector] = mode
        }
    }
}

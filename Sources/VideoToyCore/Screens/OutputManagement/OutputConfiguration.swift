/// A whole configuration for a wlroots compositor (`zwlr_output_configuration_v1`): the protocol requires every
/// head in it, so switching one head's mode carries every other head as it is.
///
/// Rules:
/// - The target head is enabled in `mode`: `set_mode` with its own mode object when one is equal, else
///   `set_custom_mode`. Its placement is kept; a head the compositor does not describe gets none, so the
///   compositor keeps its own.
/// - Every other enabled head keeps its current mode (sent only when the compositor names one) and placement.
/// - A head reported disabled is disabled again, unless the compositor's reports cannot describe it (no mode
///   with a size): then it is enabled with nothing set, which leaves it as the compositor has it. sway 1.7 reports
///   its headless outputs that way, and disabling them would switch off outputs that are on.
public struct OutputConfiguration: Hashable, Sendable {
    /// One setting per head, in the order the heads were reported.
    public var heads: [HeadSetting]

    /// Creates a configuration.
    public init(heads: [HeadSetting]) { self.heads = heads }

    /// The configuration that puts `connector` in `mode` and leaves the rest as it is, or why there is none.
    public static func switching(_ connector: String, to mode: ScreenMode, in heads: [OutputHead]) -> Result<
        OutputConfiguration, ModeSettingUnavailable
    > {
        guard let target = heads.first(where: { $0.name == connector }) else {
            return .failure(.noOutput(connector: connector))
        }
        guard target.isEnabled || !target.isDescribed else { return .failure(.switchedOff(connector: connector)) }
        guard mode.pixels > 0 else { return .failure(.noSize(mode)) }
        let settings = heads.map { head -> HeadSetting in
            if head.name == connector {
                let choice = head.index(of: mode).map(HeadSetting.ModeChoice.listed) ?? .custom(mode)
                return HeadSetting(head: head.name, isEnabled: true, mode: choice, placement: placement(head))
            }
            guard head.isDescribed else { return HeadSetting(head: head.name, isEnabled: true) }
            guard head.isEnabled else { return HeadSetting(head: head.name, isEnabled: false) }
            let current = head.currentMode == nil ? nil : head.currentModeIndex.map(HeadSetting.ModeChoice.listed)
            return HeadSetting(head: head.name, isEnabled: true, mode: current, placement: placement(head))
        }
        return .success(OutputConfiguration(heads: settings))
    }

    private static func placement(_ head: OutputHead) -> HeadSetting.Placement? {
        guard head.isEnabled else { return nil }
        return HeadSetting.Placement(x: head.x, y: head.y, transform: head.transform, scale: head.scale)
    }
}

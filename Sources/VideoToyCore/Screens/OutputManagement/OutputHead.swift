/// One output device as a wlroots compositor reports it through `zwlr_output_head_v1`, read at a `done` event.
public struct OutputHead: Hashable, Sendable {
    /// The compositor's name for it, such as `HDMI-A-1`; GDK reports the same name as the monitor's connector.
    public var name: String
    /// A human-readable description.
    public var description: String
    /// Every mode the head offers, in the order the compositor listed them.
    public var modes: [HeadMode]
    /// The index in `modes` of the mode in use, when the compositor reports one.
    public var currentModeIndex: Int?
    /// Whether the head shows part of the desktop.
    public var isEnabled: Bool
    /// The head's position in the compositor's space.
    public var x: Int
    /// The head's position in the compositor's space.
    public var y: Int
    /// The `wl_output.transform` value (0 normal, 1–3 turned, 4–7 flipped).
    public var transform: Int
    /// The scale; 1 unless the compositor reported another.
    public var scale: Double

    /// Creates a head.
    public init(
        name: String, description: String = "", modes: [HeadMode] = [], currentModeIndex: Int? = nil, isEnabled: Bool = true,
        x: Int = 0, y: Int = 0, transform: Int = 0, scale: Double = 1
    ) {
        self.name = name
        self.description = description
        self.modes = modes
        self.currentModeIndex = currentModeIndex
        self.isEnabled = isEnabled
        self.x = x
        self.y = y
        self.transform = transform
        self.scale = scale
    }

    /// The mode in use, when the head is enabled and the compositor says which.
    public var currentMode: ScreenMode? {
        guard isEnabled, let index = currentModeIndex, modes.indices.contains(index) else { return nil }
        return modes[index].mode
    }

    /// False when the compositor's reports cannot describe the head: disabled, with no mode that has a size.
    /// Such a head is left to the compositor's own idea of it rather than switched off.
    public var isDescribed: Bool {
        isEnabled || modes.contains { $0.mode.pixels > 0 }
    }

    /// What the head is doing, for `OutputModeChanges`.
    public var state: HeadState {
        if let currentMode { return .running(currentMode) }
        if !isDescribed { return .unreported }
        return isEnabled ? .unreported : .off
    }

    /// The modes and the current one as the mode API reports them; modes without a size are left out.
    public var outputModes: OutputModes {
        var seen: Set<ScreenMode> = []
        let modes = modes.map(\.mode).filter { $0.pixels > 0 && seen.insert($0).inserted }
        return OutputModes(modes: modes, current: currentMode)
    }

    /// The index of the listed mode equal to `mode`, if there is one.
    public func index(of mode: ScreenMode) -> Int? {
        modes.firstIndex { $0.mode == mode }
    }
}

import VideoToyCore

/// One output as sway's own IPC reports it (`swaymsg -t get_outputs`): what the tests check the protocol against.
public struct SwayOutput: Sendable, Equatable {
    /// The output's name, such as `HEADLESS-1`.
    public let name: String
    /// Whether it shows part of the desktop.
    public let isActive: Bool
    /// The mode in use.
    public let currentMode: ScreenMode?

    /// Creates a record.
    public init(name: String, isActive: Bool, currentMode: ScreenMode?) {
        self.name = name
        self.isActive = isActive
        self.currentMode = currentMode
    }
}

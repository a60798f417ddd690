/// What the app keeps across runs, as the controller reads and writes it: the settings file and the crash journal sit
/// behind these, and a test puts its own. Each is optional: a controller with none remembers nothing.
public struct AppMemory {
    /// Where to resume a file that has no live player; nil starts at the beginning.
    public var resumePosition: (@MainActor (_ path: String) -> Int?)?
    /// Receives a file's position when it pauses, ends or is released.
    public var onPositionToRemember: (@MainActor (_ path: String, _ positionMs: Int, _ durationMs: Int) -> Void)?
    /// The tracks the user picked for a file in earlier runs.
    public var rememberedTracks: (@MainActor (_ path: String) -> TrackChoice?)?
    /// Receives a file's track picks when the user changes them.
    public var onTracksToRemember: (@MainActor (_ path: String, _ choice: TrackChoice) -> Void)?
    /// Receives the scaling mode when the user changes it.
    public var onScalingChanged: (@MainActor (ScalingMode) -> Void)?
    /// Receives the user's screen choice (the router never passes a temporary fallback here).
    public var onScreenChosen: (@MainActor (ScreenID) -> Void)?
    /// Receives a network screen the user chose (by connector) and whether videos follow it by themselves.
    public var onNetworkScreenRemembered: (@MainActor (_ connector: String, _ follows: Bool) -> Void)?
    /// Receives the user's audio choice for a screen.
    public var onAudioChosen: (@MainActor (AudioChoice, ScreenID) -> Void)?
    /// Writes the crash journal: called before a player is made and after one closes, whenever its contents change.
    public var onJournal: (@MainActor (_ paths: [String]) -> Void)?

    /// Remembers nothing.
    public init() {}
}

import VideoToyCore

/// Everything VideoToy remembers between runs, as `SettingsStore` reads and writes it.
public struct Settings: Sendable, Equatable {
    /// The folders the library showed last.
    public var libraryFolders: [String] = []
    /// Folders opened recently, newest first, for the main menu's "Open Recent".
    public var recentFolders: [String] = []
    /// The show file opened or saved last, opened again at start.
    public var showFile: String?
    /// The main window's size when it was last closed.
    public var windowSize: PixelSize?
    /// The external screen the user chose.
    public var preferredScreen: ScreenID?
    /// The network screens the user chose, by connector (`upnp:` and the UDN), each with whether videos follow it.
    public var networkScreens: [String: Bool] = [:]
    /// The audio output chosen for each screen the video was on, by the screen's identity.
    public var audioChoices: [ScreenID: AudioChoice] = [:]
    /// How videos fill their views (the name of a scaling mode, such as `fit`).
    public var scalingMode: String?
    /// How the rows are ordered, as `RowSort.description` writes it ("duration-descending"); nil: by name.
    public var sortOrder: String?
    /// The Preferences window's choices, by option name ("on-end" and the rest; see `Preferences.stored`).
    public var preferences: [String: String] = [:]
    /// Where to resume long videos.
    public var resumePositions: ResumePositions
    /// The soundtrack and subtitles picked for each file.
    public var trackChoices = TrackChoices()

    /// The defaults: nothing remembered; at most `resumeCapacity` resume positions.
    public init(resumeCapacity: Int = 200) {
        resumePositions = ResumePositions(capacity: resumeCapacity)
    }
}

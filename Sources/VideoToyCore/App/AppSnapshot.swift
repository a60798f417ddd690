/// What the user sees beside the rows, as one value: the menus, the settings kept and MPRIS render it, and never read
/// the state machines behind it.
///
/// The controller makes one after each change and hands it to its observers only when it differs from the last, so
/// an observer diffs at most one value and a read of it never causes work.
public struct AppSnapshot: Sendable, Equatable {
    /// The order the rows are shown in.
    public var sort = RowSort.standard
    /// How videos fill their views.
    public var scaling = ScalingMode.fit
    /// The library's folders and the recently opened ones.
    public var folders = LibraryFolders()
    /// The external screens the chooser lists, and the one the video goes to (or would go to once one is connected).
    public var screens = ScreenChoice()
    /// The "Audio output" menu: the outputs offered and the choice in force.
    public var audio = AudioMenu()
    /// The rows as the list shows them: their count, the models of those near the view, and the selection.
    public var rows = RowWindow()
    /// The video the user chose most recently, which the video keys and MPRIS act on.
    public var current: CurrentVideo?
    /// What happens at the end of a video.
    public var onEnd = OnEnd.stop
    /// Whether "next" follows a shuffled order of the rows shown.
    public var shuffle = false
    /// The presentation screen's look, the show and the presenter panel.
    public var presenter = PresenterView()
    /// The remote control: listening or not, its pairing URL, the phones connected.
    public var remote = RemoteView()

    /// An empty app: no library, no screens, no sound outputs.
    public init() {}
}

/// The screen chooser's content.
public struct ScreenChoice: Sendable, Equatable {
    /// The screens other than the main window's, in the order they are listed.
    public var external: [Screen] = []
    /// The screen showing the external scene, else the one the user prefers.
    public var chosen: ScreenID?
    /// The network screens videos move to by themselves when they appear ("Move videos to this screen
    /// automatically").
    public var followed: Set<ScreenID> = []

    /// No screen beside the main one.
    public init(external: [Screen] = [], chosen: ScreenID? = nil) {
        self.external = external
        self.chosen = chosen
    }
}

/// The "Audio output" menu's content.
public struct AudioMenu: Sendable, Equatable {
    /// The choice in force.
    public var choice = AudioChoice.follow
    /// The outputs offered (unavailable ones are left out).
    public var outputs: [AudioOutput] = []

    /// The sound following the video, and no outputs.
    public init(choice: AudioChoice = .follow, outputs: [AudioOutput] = []) {
        self.choice = choice
        self.outputs = outputs
    }
}

/// The current video as MPRIS and the video windows show it.
public struct CurrentVideo: Sendable, Equatable {
    /// Its item.
    public var id: ItemID
    /// Its file.
    public var path: String
    /// Its file name.
    public var title: String
    /// Its duration from the probe, if known.
    public var durationMs: Int?
    /// What its row says of the file ("1:01 · 1920×1080 · H.264"), once read, as values.
    public var line: MediaSummary?
    /// Its playback, if it has started.
    public var playback: ItemPlayback?
    /// Whether it fills the main window's screen, or goes back to doing so from an external screen.
    public var fullscreen = false
    /// The connector of the external screen showing it, if one does.
    public var screen: String?
}

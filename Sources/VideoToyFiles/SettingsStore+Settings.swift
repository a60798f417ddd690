import CGLib
import VideoToyCore

/// One setting at a time: each read or save keeps whatever else the file holds.
extension SettingsStore {
    /// The screen the user chose in the menu, identified by connector, manufacturer and model.
    /// A corrupt file is moved aside to `.bak` and the reason returned, so nothing is silently lost.
    public func preferredScreen() -> (screen: ScreenID?, problem: String?) {
        let (settings, problem) = load()
        return (settings.preferredScreen, problem)
    }

    /// Saves the chosen screen, keeping whatever else the file holds; returns why it failed, or nil.
    public func savePreferredScreen(_ screen: ScreenID) -> String? {
        update { $0.preferredScreen = screen }
    }

    /// Saves a network screen the user chose (by connector) and whether videos follow it, keeping the rest.
    public func saveNetworkScreen(_ connector: String, follows: Bool) -> String? {
        update { $0.networkScreens[connector] = follows }
    }

    /// Saves the audio output chosen while the video was on `screen`, keeping whatever else the file holds.
    public func saveAudioChoice(_ choice: AudioChoice, for screen: ScreenID) -> String? {
        update { $0.audioChoices[screen] = choice }
    }

    /// Saves the folders the library shows and, when given, the recently opened ones.
    public func saveLibraryFolders(_ folders: [String], recent: [String]? = nil) -> String? {
        update {
            $0.libraryFolders = folders
            if let recent { $0.recentFolders = recent }
        }
    }

    /// Saves the show file to open at start, or forgets it (nil).
    public func saveShowFile(_ path: String?) -> String? {
        update { $0.showFile = path }
    }

    /// Saves the main window's size.
    public func saveWindowSize(_ size: PixelSize) -> String? {
        update { $0.windowSize = size }
    }

    /// Saves the scaling mode's name.
    public func saveScalingMode(_ mode: String) -> String? {
        update { $0.scalingMode = mode }
    }

    /// Saves the Preferences window's choices.
    public func savePreferences(_ preferences: [String: String]) -> String? {
        update { $0.preferences = preferences }
    }

    /// Saves the rows' order.
    public func saveSortOrder(_ order: String) -> String? {
        update { $0.sortOrder = order }
    }

    /// Where to resume the file at `path`, if a position is remembered.
    public func resumePosition(forPath path: String) -> Int? {
        load().settings.resumePositions.position(for: path)
    }

    /// Remembers where playback of `path` is, under the rules of `ResumePositions` (a video that is short,
    /// unstarted or nearly finished is forgotten instead).
    public func rememberPosition(ofPath path: String, positionMs: Int, durationMs: Int) -> String? {
        let now = Int64(g_get_real_time() / 1000)
        return update { $0.resumePositions.record(path: path, positionMs: positionMs, durationMs: durationMs, at: now) }
    }

    /// Remembers the tracks the user picked for the file at `path`.
    public func rememberTracks(ofPath path: String, _ choice: TrackChoice) -> String? {
        let now = Int64(g_get_real_time() / 1000)
        return update { $0.trackChoices.record(path: path, choice: choice, at: now) }
    }
}

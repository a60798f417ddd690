/// The tracks side of the controller: the track driver does the work; these are the user's intents and the player's
/// reports, passed on.
extension AppController {
    /// Uses `preferences` (`--audio-language`, `--subtitles`, the locale's language) for videos opened from now on.
    public func useTrackPreferences(_ preferences: TrackPreferences) {
        trackDriver.use(preferences)
    }

    /// The soundtracks and subtitles of the open videos, and the picks made this run.
    public var tracks: TrackBook { trackDriver.tracks }

    /// The user picked a track of `kind` (nil: no subtitles) for the video of `id`.
    public func chooseTrack(_ id: ItemID, _ kind: TrackKind, _ track: TrackID?) {
        trackDriver.chooseTrack(id, kind, track)
    }

    /// The user asked for the next track of `kind` (V, B) for the video of `id`.
    public func cycleTrack(_ id: ItemID, _ kind: TrackKind) {
        trackDriver.cycleTrack(id, kind)
    }

    /// The menu of the video of `id`, if its tracks are known.
    public func trackMenu(_ id: ItemID) -> TrackMenu? { trackDriver.trackMenu(id) }
}

/// What the tracks need from the controller.
extension AppController: TrackDriver.Owner {
    func isPlaying(_ id: ItemID) -> Bool { policy.states[id] == .playing }

    func path(of id: ItemID) -> String? { library.item(id)?.path }

    func rememberedTracks(_ path: String) -> TrackChoice? { memory.rememberedTracks?(path) }

    func rememberTracks(_ path: String, _ choice: TrackChoice) { memory.onTracksToRemember?(path, choice) }
}

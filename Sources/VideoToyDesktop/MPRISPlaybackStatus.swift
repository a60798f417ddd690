/// MPRIS's `PlaybackStatus`: what the current track is doing.
public enum MPRISPlaybackStatus: String, Sendable {
    /// A track is playing.
    case playing = "Playing"
    /// A track is paused and will resume where it is.
    case paused = "Paused"
    /// Nothing plays: no track, or it finished or was stopped.
    case stopped = "Stopped"
}

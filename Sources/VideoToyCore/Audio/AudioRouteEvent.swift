/// Something that happened outside the audio router: the sound server, the video's route or the user.
public enum AudioRouteEvent: Hashable, Sendable {
    /// The sound server lists these outputs (first report or any change).
    case outputsChanged([AudioOutput])
    /// No sound server answers (none at start, or it went away); carries the line to show.
    case serverUnavailable(String)
    /// The video is now on this external screen, or back on the main window (nil).
    case videoOnScreen(ScreenID?)
    /// The user picked an entry of the "Audio output" menu.
    case userChose(AudioChoice)
}

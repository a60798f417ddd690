/// What the core tells the events log and the person at the terminal, as values the adapters word.
public enum LogMessage: Hashable, Sendable {
    /// A file cannot be played, as its probe found.
    case probe(ProbeFailure)
    /// A video stopped playing.
    case playback(PlaybackError)
    /// The file was open when the app last died, so it opens only when the user plays it.
    case closedWhilePlaying
    /// A subtitle track of the video shows fewer cues than it should, or none.
    case subtitles(SubtitleNote)
    /// Display modes cannot be set, or one was not.
    case modeUnavailable(ModeSettingUnavailable)
    /// The screen is kept on, for this reason.
    case wake(WakeReason)
}

/// What the core tells the events log and the person at the terminal, as values the adapters word.
public enum LogMessage: Hashable, Sendable {
    /// A file cannot be played, as its probe found.
    case probe(ProbeFailure)
    /// A video stopped playing.
    case playback(PlaybackError)
    /// The file was open when the app last died, so it opens only when the user plays it.
    case closedWhilePlaying
}

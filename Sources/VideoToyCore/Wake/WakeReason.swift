/// Why the screen is kept on, as a value: the adapters word it for the session and the events log.
public enum WakeReason: Hashable, Sendable {
    /// The video titled `title` plays, or is shown paused on an external screen.
    case playing(title: String)
}

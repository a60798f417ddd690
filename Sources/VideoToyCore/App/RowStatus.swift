/// The playback line of a row: what its video is doing, or why it stopped.
public enum RowStatus: Hashable, Sendable {
    /// Not played since it was listed, or restarted: the line is empty.
    case idle
    /// Playing in its row or fullscreen on the main window.
    case playing
    /// Paused by the user or by another video starting.
    case paused
    /// Played to its end.
    case finished
    /// Stopped by an error.
    case failed(PlaybackError)
    /// Shown on an external screen: its name (manufacturer and model, may be empty) and connector.
    case onScreen(name: String, connector: String)
    /// Cast to a network screen (a TV): its own name, and whether the video is converted because the TV does not take
    /// it as it is.
    case casting(name: String, converted: Bool)
    /// Open when the app last died: not pre-rolled nor started by a playlist until the user plays it.
    case closedWhilePlaying

    /// The line for an item the policy knows as `playback` (nil: never played since it was listed).
    public init(_ playback: ItemPlayback?) {
        switch playback {
        case nil: self = .idle
        case .playing: self = .playing
        case .paused: self = .paused
        case .finished: self = .finished
        case .failed(let error): self = .failed(error)
        }
    }

    /// True when the line reports a failure the user must see.
    public var isError: Bool {
        if case .failed = self { return true }
        return false
    }
}

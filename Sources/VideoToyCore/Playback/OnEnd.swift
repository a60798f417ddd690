/// What happens when the playing video reaches its end (`--on-end`).
public enum OnEnd: String, Sendable, CaseIterable {
    /// Stay on the finished video.
    case stop
    /// Play the next playable item in the list.
    case next
    /// Start the same video again.
    case loop
}

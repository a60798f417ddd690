/// What happens when the playing video reaches its end (`--on-end`); MPRIS calls it `LoopStatus`.
public enum OnEnd: String, Sendable, CaseIterable {
    /// Stay on the finished video.
    case stop
    /// Play the next playable item in the list (or the shuffled order), going from the last to the first.
    case next
    /// Start the same video again.
    case loop
}

/// The playback state of one item as the policy sees it.
public enum ItemPlayback: Hashable, Sendable {
    /// Playing now; only one item at a time.
    case playing
    /// Paused, with the last known position.
    case paused(positionMs: Int)
    /// Reached its end.
    case finished
    /// Failed to play.
    case failed(PlaybackError)
}

/// A typed report from a player, delivered on the main thread (in the spirit of GstPlay's messages).
public enum PlayerMessage: Sendable, Equatable {
    /// The pipeline is playing from this position.
    case playing(positionMs: Int)
    /// The pipeline is paused at this position.
    case paused(positionMs: Int)
    /// The first picture of this play request reached the video output.
    case firstFrame
    /// The duration became known or changed.
    case duration(ms: Int)
    /// The stream reached its end.
    case endOfStream
    /// Playback failed; the text is for the user.
    case error(String)
}

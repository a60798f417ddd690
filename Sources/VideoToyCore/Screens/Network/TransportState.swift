/// The AVTransport state a renderer reports (`TransportState`); anything else it says is `.other`.
public enum TransportState: String, Hashable, Sendable {
    /// `STOPPED`.
    case stopped = "STOPPED"
    /// `PLAYING`.
    case playing = "PLAYING"
    /// `PAUSED_PLAYBACK`.
    case paused = "PAUSED_PLAYBACK"
    /// `TRANSITIONING`: loading or seeking.
    case transitioning = "TRANSITIONING"
    /// `NO_MEDIA_PRESENT`.
    case noMedia = "NO_MEDIA_PRESENT"
    /// A state this list does not name (`RECORDING`, a vendor's own).
    case other = "OTHER"
}

/// A command from the remote page: the same things the keyboard asks, naming videos by item, never by path.
public enum RemoteCommand: Hashable, Sendable {
    /// Play if paused, pause if playing.
    case togglePlay
    /// Go to this position of the current video, in milliseconds.
    case seek(Int)
    /// Move by this many milliseconds.
    case seekBy(Int)
    /// The next video (the show's, else the next row's).
    case next
    /// The video before.
    case previous
    /// Set the volume, 0 to 1.
    case volume(Double)
    /// Mute or unmute.
    case toggleMute
    /// Black or white the presentation screen, or show the picture again.
    case cover(Cover)
    /// Play this library item.
    case play(ItemID)
    /// Send the video to the external screen with this connector (a monitor's, or a network screen's).
    case chooseScreen(String)
}

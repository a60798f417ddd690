/// A request from a video view's controls or keyboard.
public enum ViewIntent: Hashable, Sendable {
    /// Play if paused, pause if playing.
    case togglePlay
    /// Seek to a position in milliseconds.
    case seek(Int)
    /// Set the volume (0 to 1).
    case volume(Double)
    /// Mute or unmute.
    case toggleMute
    /// Enter or leave fullscreen.
    case toggleFullscreen
    /// Leave fullscreen (Escape).
    case leaveFullscreen
}

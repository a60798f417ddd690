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
    /// Seek forwards or backwards by milliseconds (Left/Right).
    case seekBy(Int)
    /// Change the volume by a step (Up/Down in a video).
    case volumeBy(Double)
    /// Play the next video (N).
    case next
    /// Change how every video fills its view.
    case setScaling(ScalingMode)
    /// Send the sound to an output, the default, or wherever the screen's output is.
    case chooseAudio(AudioChoice)
    /// Use this soundtrack, or these subtitles (nil: none).
    case chooseTrack(TrackKind, TrackID?)
    /// Go to the next soundtrack or subtitle track (B, V).
    case cycleTrack(TrackKind)
    /// Read the video's subtitle files in this encoding (nil: detect it).
    case chooseEncoding(TextEncoding?)
}

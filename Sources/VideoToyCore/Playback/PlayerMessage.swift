/// A typed report from a player, delivered on the main thread (in the spirit of GstPlay's messages).
public enum PlayerMessage: Sendable, Equatable {
    /// The pipeline is playing from this position.
    case playing(positionMs: Int)
    /// The pipeline is paused at this position.
    case paused(positionMs: Int)
    /// The paused pipeline holds its picture at this position, any start position reached (not sent while playing).
    case prerolled(positionMs: Int)
    /// The first picture of this play request reached the video output.
    case firstFrame
    /// The duration became known or changed.
    case duration(ms: Int)
    /// The stream reached its end.
    case endOfStream
    /// The file's own tracks, listed once when the pipeline first paused on a picture.
    case tracks(audio: [MediaTrack], subtitles: [MediaTrack])
    /// A cue of the selected embedded subtitle track is due.
    case cue(SubtitleCue)
    /// Playback failed, and why.
    case error(PlaybackError)
}

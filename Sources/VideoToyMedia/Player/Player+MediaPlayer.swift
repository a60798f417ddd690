import VideoToyCore

/// The GStreamer player is the core's `MediaPlayer`.
extension Player: MediaPlayer {}

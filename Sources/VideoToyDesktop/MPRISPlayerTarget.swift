import VideoToyCore

/// The app as the MPRIS server sees it: state to publish and commands to carry out, on the main thread.
///
/// Times are milliseconds here; the server converts to the microseconds MPRIS uses.
@MainActor
public protocol MPRISPlayerTarget: AnyObject {
    /// Whether the current video plays, is paused, or nothing plays.
    var playbackStatus: MPRISPlaybackStatus { get }
    /// The current video, or nil when there is none.
    var metadata: MPRISMetadata? { get }
    /// The current video's position in milliseconds (0 without one).
    var positionMs: Int { get }
    /// The volume from 0 to 1; setting it changes what is heard.
    var volume: Double { get set }
    /// Whether `play()` would do something.
    var canPlay: Bool { get }
    /// Whether `pause()` would do something.
    var canPause: Bool { get }
    /// Whether the current video can be seeked.
    var canSeek: Bool { get }
    /// Whether there is a video after the current one.
    var canGoNext: Bool { get }
    /// Whether there is a video before the current one.
    var canGoPrevious: Bool { get }
    /// What happens at the end of a video (`LoopStatus`); setting it changes that from now on.
    var onEnd: OnEnd { get set }
    /// Whether "next" follows a shuffled order; setting it turns that on or off.
    var shuffle: Bool { get set }
    /// Whether the current video is fullscreen; setting it enters or leaves fullscreen.
    var fullscreen: Bool { get set }

    /// Plays the current video, or the first one when there is none.
    func play()
    /// Pauses the current video.
    func pause()
    /// Pauses when playing, plays otherwise.
    func playPause()
    /// Stops: the current video pauses and goes back to its start.
    func stop()
    /// Plays the next video.
    func next()
    /// Plays the previous video.
    func previous()
    /// Moves the current video to `ms` (already clamped to the video).
    func seek(toMs ms: Int)
    /// Adds the file at `path` and plays it; false when it cannot be opened.
    func open(path: String) -> Bool
    /// Brings the main window to the front.
    func raise()
    /// Quits the app.
    func quit()
}

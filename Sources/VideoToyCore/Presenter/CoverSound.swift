/// What the sound does while the screen is black or white.
public enum CoverSound: String, Hashable, Sendable, CaseIterable {
    /// It plays on: the audience hears the video.
    case keep
    /// It is muted until the picture is back.
    case mute
}

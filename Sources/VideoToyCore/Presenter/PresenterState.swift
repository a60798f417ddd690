/// What the presenter panel says of the presentation screen.
public enum PresenterState: String, Hashable, Sendable {
    /// The video shows as it plays.
    case live
    /// The screen is black.
    case black
    /// The screen is white.
    case white
    /// The screen holds a picture while the video goes on.
    case frozen
    /// The video ended and the screen holds its last picture, or is black, until the next one.
    case ended
}

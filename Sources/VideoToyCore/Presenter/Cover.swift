/// What hides the presentation screen's picture: nothing, black (B or .) or white (W).
public enum Cover: String, Hashable, Sendable, CaseIterable {
    /// The picture shows.
    case none
    /// The screen is black.
    case black
    /// The screen is white.
    case white
}

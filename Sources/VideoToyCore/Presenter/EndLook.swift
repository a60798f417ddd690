/// What the presentation screen shows once its video ends, until the next one starts.
public enum EndLook: String, Hashable, Sendable, CaseIterable {
    /// The idle scene ("Choose a video on the main screen"), as before presenter tools.
    case idle
    /// The last frame, held.
    case hold
    /// Black.
    case black
}

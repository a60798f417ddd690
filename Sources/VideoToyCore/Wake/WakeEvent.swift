/// What the wake lock hears of.
public enum WakeEvent: Sendable, Equatable {
    /// The app published this snapshot of what the user sees.
    case seen(AppSnapshot)
    /// The user turned "Keep the screen on while playing" on or off.
    case enabled(Bool)
    /// The app is quitting.
    case quit
}

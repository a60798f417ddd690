/// What the wake lock asks the session for.
public enum WakeEffect: Sendable, Equatable {
    /// Keep the screen on for this hold, in place of any hold in force.
    case hold(WakeHold)
    /// Let the screen blank again.
    case release
}

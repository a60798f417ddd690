/// The port that keeps the screen on: the session's idle inhibitor, the screen saver service or the X server.
@MainActor
public protocol ScreenWaking: AnyObject {
    /// Keeps the screen on, saying `reason` to the session; a hold in force is replaced, without a gap.
    func hold(reason: WakeReason)
    /// Lets the screen blank again; nothing happens when nothing is held.
    func release()
}

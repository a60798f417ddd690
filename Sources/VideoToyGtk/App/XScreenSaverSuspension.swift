import CXss

/// The X server's screen saver extension, suspended while a video plays where no session service keeps the screen on.
///
/// On a connection of its own: the server ends the suspension by itself if the app dies and the connection closes.
@MainActor
final class XScreenSaverSuspension {
    private let display: OpaquePointer

    /// Connects to the X server of `DISPLAY`; nil when there is none or it lacks the extension.
    init?() {
        guard let display = XOpenDisplay(nil) else { return nil }
        var event: Int32 = 0, error: Int32 = 0
        guard XScreenSaverQueryExtension(display, &event, &error) != 0 else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
    }

    /// Suspends the screen saver (and display power management), or resumes it.
    func suspend(_ on: Bool) {
        XScreenSaverSuspend(display, on ? 1 : 0)
        XFlush(display)
    }
}

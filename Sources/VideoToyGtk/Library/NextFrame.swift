import CGtk
import VideoToyGObject

/// Waiting for a window's next painted frame, so that work which can wait follows what the user sees.
@MainActor
enum NextFrame {
    /// Runs `body` once `window` has painted its next frame, or after `fallbackMs` if it paints none (hidden,
    /// minimised); returns what cancels it.
    static func after(_ window: Widget, fallbackMs: UInt32, _ body: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        var done = false
        let once: @MainActor () -> Void = {
            guard !done else { return }
            done = true
            body()
        }
        var connection: SignalConnection?
        if let clock = gtk_widget_get_frame_clock(window) {
            connection = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                connection?.cancel()
                connection = nil
                once()
            }
        }
        let fallback = MainLoop.after(milliseconds: fallbackMs) {
            connection?.cancel()
            connection = nil
            once()
        }
        return {
            done = true
            connection?.cancel()
            connection = nil
            fallback.cancel()
        }
    }
}

import CGLib
import Dispatch

/// Lets `DispatchQueue.main` and `@MainActor` work run under the GLib main loop.
///
/// libdispatch signals pending main-queue work on an eventfd; watching that descriptor from GLib
/// drains the queue on the GLib thread, so Swift concurrency and GTK share one main thread.
public enum MainLoopBridge {
    nonisolated(unsafe) private static var sourceID: guint = 0

    /// Installs the bridge once; call before running the GLib main loop.
    public static func install() {
        guard sourceID == 0 else { return }
        // Touching the main queue first makes libdispatch create its eventfd.
        _ = DispatchQueue.main
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(
            fd, G_IO_IN,
            { fd, _, _ in
                // Without draining the eventfd counter the source stays readable and the loop spins.
                var counter: UInt64 = 0
                _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
                _dispatch_main_queue_callback_4CF(nil)
                return gboolean(1)
            }, nil)
    }
}

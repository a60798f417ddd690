import CGLib
import VideoToyGObject

/// The remote's application actions (`app.remote-renew`), which the Preferences window's buttons name.
public enum RemoteActions {
    /// Adds the action `name` to `application` (a GApplication); `run` runs on each activation.
    @MainActor
    public static func add(_ name: String, to application: UnsafeMutableRawPointer, run: @escaping @MainActor () -> Void)
        -> SignalConnection
    {
        let action = g_simple_action_new(name, nil)!
        let connection = Signal.connectIgnoringArgument(UnsafeMutableRawPointer(action), "activate", run)
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return connection
    }
}

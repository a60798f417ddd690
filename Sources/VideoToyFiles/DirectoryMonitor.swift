import CGLib
import Dispatch
import VideoToyCore
import VideoToyGObject

/// One GIO monitor on one folder (not recursive): what happens in it reaches a closure on the main thread.
@MainActor
final class DirectoryMonitor {
    /// What happened in the folder, as far as the library cares.
    enum Event: Sendable, Equatable {
        /// An entry appeared, went away or was renamed, or the file system went away: the paths GIO named.
        case entries(String?, String?)
        /// A file was written and closed.
        case written(String)
    }

    /// Why a monitor could not be made.
    struct Failure: Error, Sendable {
        /// GIO's message.
        let message: String
    }

    /// The watched folder.
    let path: String
    private var monitor: GObjectRef?
    private var connection: SignalConnection?

    /// Makes a GIO monitor for `path`, blocking: it touches the file system, so call it off the main thread.
    ///
    /// A folder that does not exist yet can be watched: GIO notices when it appears.
    nonisolated static func open(_ path: String) -> Result<GObjectRef, Failure> {
        guard let file = PathBytes.withCString(path, { g_file_new_for_path($0) }) else { return .failure(Failure(message: "not a path")) }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        // Made on a worker thread, which has no context of its own: GIO reports to the default (main) context.
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_NONE, nil, &error) else {
            defer { if error != nil { g_error_free(error) } }
            return .failure(Failure(message: error.map { String(cString: $0.pointee.message) } ?? "unknown error"))
        }
        return .success(GObjectRef(adopting: UnsafeMutableRawPointer(monitor)))
    }

    /// Starts reporting the events of `monitor` (from `open`) on `path` to `onEvent`.
    init(path: String, monitor: GObjectRef, onEvent: @escaping @MainActor (Event) -> Void) {
        self.path = path
        self.monitor = monitor
        connection = Signal.fileChanged(monitor.pointer) { file, other, kind in
            if let event = DirectoryMonitor.event(file, other, kind) { onEvent(event) }
        }
    }

    /// Stops the monitor; nothing more is reported.
    func cancel() {
        connection?.cancel()
        connection = nil
        guard let monitor else { return }
        self.monitor = nil
        // Cancelling takes GIO's inotify lock, which a watch still being added on a dead share may hold.
        DispatchQueue.global(qos: .utility).async {
            g_file_monitor_cancel(monitor.typed())
            withExtendedLifetime(monitor) {}
        }
    }

    private static func event(
        _ file: UnsafeMutableRawPointer?, _ other: UnsafeMutableRawPointer?,
        _ kind: GFileMonitorEvent
    ) -> Event? {
        switch kind {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
            return path(of: file).map(Event.written)
        case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_UNMOUNTED,
            G_FILE_MONITOR_EVENT_MOVED, G_FILE_MONITOR_EVENT_RENAMED, G_FILE_MONITOR_EVENT_MOVED_IN,
            G_FILE_MONITOR_EVENT_MOVED_OUT:
            return .entries(path(of: file), path(of: other))
        default:
            // Writes still going on, attribute changes and the warning before an unmount change no row.
            return nil
        }
    }

    private static func path(of file: UnsafeMutableRawPointer?) -> String? {
        guard let file, let path = g_file_get_path(OpaquePointer(file)) else { return nil }
        defer { g_free(path) }
        return PathBytes.decode(cString: path)
    }
}

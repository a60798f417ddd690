import CGtk
import VideoToyGObject

/// Runs the GtkApplication: one place for start-up, signals and the exit status.
@MainActor
public final class AppHost {
    private let app: UnsafeMutablePointer<GtkApplication>
    private var status: Int32 = 0
    private var connections: [SignalConnection] = []
    private var quitHandlers: [@MainActor () -> Void] = []

    /// Creates the application with a stable id.
    public init(id: String) {
        app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)
    }

    /// The application pointer, for windows.
    public var application: UnsafeMutableRawPointer { UnsafeMutableRawPointer(app) }

    /// Calls `body` once the application is ready for windows.
    public func onActivate(_ body: @escaping @MainActor () -> Void) {
        connections.append(Signal.connect(UnsafeMutableRawPointer(app), "activate", body))
    }

    /// Registers cleanup that runs once before the application quits (restoring modes, closing players).
    public func onQuit(_ body: @escaping @MainActor () -> Void) {
        quitHandlers.append(body)
    }

    /// Quits with `status` after running the cleanup handlers.
    public func quit(status: Int32) {
        self.status = status
        let handlers = quitHandlers
        quitHandlers.removeAll()
        handlers.forEach { $0() }
        g_application_quit(gcast(app))
    }

    /// Runs the main loop until quit; SIGINT and SIGTERM quit cleanly. Returns the exit status.
    public func run(program: String) -> Int32 {
        MainLoopBridge.install()
        let me = Unmanaged.passUnretained(self).toOpaque()
        for signal in [SIGINT, SIGTERM] {
            g_unix_signal_add(signal, { data in
                let host = Unmanaged<AppHost>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { host.quit(status: 0) }
                return 0
            }, me)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
        let result = g_application_run(gcast(app), 1, &argv)
        free(argv[0])
        return status != 0 ? status : result
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject

/// Runs the GtkApplication: one place for start-up, signals and the exit status.
@MainActor
public final class AppHost {
    private let app: UnsafeMutablePointer<GtkApplication>
    private let adwApp: UnsafeMutablePointer<AdwApplication>
    private var status: Int32 = 0
    private var connections: [SignalConnection] = []
    private var quitHandlers: [@MainActor () -> Void] = []
    private let signalDeadline = SignalDeadline()

    private var remoteHandler: (@MainActor (_ arguments: [String], _ cwd: String) -> Void)?

    /// Creates the application with a stable id; a unique one hands later launches to the running instance.
    public init(id: String, unique: Bool) {
        let flags =
            unique
            ? G_APPLICATION_HANDLES_COMMAND_LINE
            : GApplicationFlags(G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        // AdwApplication: the GNOME style sheet, and the system's light or dark preference followed.
        adwApp = adw_application_new(id, flags)
        app = gcast(adwApp)
        connections.append(
            Signal.connectObjectInt(UnsafeMutableRawPointer(app), "command-line") { [unowned self] line in
                let commandLine: UnsafeMutablePointer<GApplicationCommandLine> = gcast(line)
                guard g_application_command_line_get_is_remote(commandLine) != 0 else {
                    // The first launch: its options were parsed in main; just start.
                    g_application_activate(gcast(app))
                    return 0
                }
                var count: Int32 = 0
                let argv = g_application_command_line_get_arguments(commandLine, &count)
                defer { g_strfreev(argv) }
                // Measured before anything is read: a launch with an argument longer than any path or option is
                // refused (its command exits with status 2), however long the argument.
                let longest = (1..<Int(max(1, count))).map { argv?[$0].map { strlen($0) } ?? 0 }.max() ?? 0
                guard longest <= CommandLineParser.longestArgument else {
                    g_application_command_line_set_exit_status(commandLine, 2)
                    return 2
                }
                // Arguments and folder arrive as the bytes the other launch was given: file names need not be UTF-8.
                let arguments = (1..<Int(max(1, count))).compactMap { argv?[$0].map { PathBytes.decode(cString: $0) } }
                let cwd = g_application_command_line_get_cwd(commandLine).map { PathBytes.decode(cString: $0) } ?? "/"
                remoteHandler?(arguments, cwd)
                return 0
            })
    }

    /// Receives the arguments of a later launch (`videotoy FILE` while this instance runs).
    public func onRemoteLaunch(_ body: @escaping @MainActor (_ arguments: [String], _ cwd: String) -> Void) {
        remoteHandler = body
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

    /// Runs the main loop until quit; SIGINT and SIGTERM quit cleanly, and end the process within bounded time even
    /// if the main loop is stuck (`SignalDeadline`). Returns the exit status.
    public func run(program: String) -> Int32 {
        MainLoopBridge.install()
        signalDeadline.start()
        for signal in [SIGINT, SIGTERM] {
            g_unix_signal_add_full(
                G_PRIORITY_DEFAULT, signal,
                { data in
                    let host = CBox.object(data, as: AppHost.self)
                    MainActor.assumeIsolated {
                        host.signalDeadline.answered()
                        host.quit(status: 0)
                    }
                    return 0
                }, CBox.retain(self), CBox.destroyNotify)
        }
        // The whole command line goes to GApplication so a second launch can forward it to the first; the raw
        // argv, since CommandLine.arguments has already replaced bytes that are not UTF-8.
        var argv: [UnsafeMutablePointer<CChar>?] = (0..<Int(CommandLine.argc)).map { strdup(CommandLine.unsafeArgv[$0]!) } + [nil]
        let result = g_application_run(gcast(app), Int32(argv.count - 1), &argv)
        argv.forEach { free($0) }
        return status != 0 ? status : result
    }
}

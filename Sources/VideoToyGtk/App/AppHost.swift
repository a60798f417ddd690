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
    private var openHandler: (@MainActor (_ paths: [String]) -> Void)?

    // GLib's parser strips the options from the arguments it hands over; the typed parser needs the whole command
    // line, so it travels to the running instance in the options dictionary under this key, as raw bytes.
    private static let argumentsKey = "videotoy-arguments"

    /// Creates the application with a stable id; a unique one hands later launches to the running instance.
    public init(id: String, unique: Bool) {
        // HANDLES_OPEN: D-Bus activation (`gapplication launch`, a file manager) opens files through `open`.
        let handles = G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue
        let flags = GApplicationFlags(unique ? handles : handles | G_APPLICATION_NON_UNIQUE.rawValue)
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
                // Measured before anything is read: a launch with an argument longer than any path or option is
                // refused (its command exits with status 2), however long the argument.
                guard let arguments = AppHost.forwardedArguments(commandLine) else {
                    g_application_command_line_set_exit_status(commandLine, 2)
                    return 2
                }
                let cwd = g_application_command_line_get_cwd(commandLine).map { PathBytes.decode(cString: $0) } ?? "/"
                remoteHandler?(arguments, cwd)
                return 0
            })
        connections.append(
            Signal.connectObjectInt(UnsafeMutableRawPointer(app), "handle-local-options") { dictionary in
                AppHost.keepArguments(in: gcast(dictionary))
                // Negative: GApplication goes on as usual (help, service mode, hand-over to a running instance).
                return -1
            })
        typealias Open =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?,
                UnsafeMutableRawPointer?
            ) -> Void
        let open: Open = { _, files, count, _, data in
            // File names as raw bytes: they need not be UTF-8. A file with no local path (a remote URI) is skipped.
            let paths = (0..<Int(max(0, count))).compactMap { index -> String? in
                guard let path = files?[index].flatMap(g_file_get_path) else { return nil }
                defer { g_free(path) }
                return PathBytes.decode(cString: path)
            }
            let host = CBox.object(data, as: AppHost.self)
            // GApplication emits `open` from its main context, which the main thread runs.
            MainActor.assumeIsolated { host.open(paths) }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(app), "open", unsafeBitCast(open, to: GCallback.self), CBox.retain(self), CBox.closureNotify,
            GConnectFlags(0))
    }

    /// Receives the files of a D-Bus activation (`org.freedesktop.Application.Open`), after the window is up.
    public func onOpen(_ body: @escaping @MainActor (_ paths: [String]) -> Void) {
        openHandler = body
    }

    private func open(_ paths: [String]) {
        // A service started by D-Bus activation has no window yet: the files are opened in the one activation makes.
        g_application_activate(gcast(app))
        openHandler?(paths)
    }

    /// Lists `options` in GApplication's parser, whose help then shows them beside `groups` (GLib option groups it
    /// takes over); the values stay with the typed parser, which reads the whole command line. `wording` gives the
    /// help lines and the summary in the user's language.
    public func register(
        options: [CommandLineParser.Spec], groups: [OpaquePointer], summary: String, parameters: String,
        wording: (String) -> String = { $0 }
    ) {
        // GLib keeps pointers to these strings and entries for the process's life.
        var entries: [GOptionEntry] = options.map { spec in
            let kind: GOptionArg =
                switch spec.kind {
                case .flag: G_OPTION_ARG_NONE
                case .text: G_OPTION_ARG_STRING
                case .number: G_OPTION_ARG_DOUBLE
                case .path: G_OPTION_ARG_FILENAME
                }
            return GOptionEntry(
                long_name: strdup(spec.long), short_name: gchar(spec.short?.asciiValue ?? 0), flags: 0, arg: kind, arg_data: nil,
                description: strdup(wording(spec.help)), arg_description: spec.argument.map { strdup($0) } ?? nil)
        }
        entries.append(GOptionEntry())
        g_application_add_main_option_entries(gcast(app), entries)
        for group in groups { g_application_add_option_group(gcast(app), group) }
        g_application_set_option_context_summary(gcast(app), wording(summary))
        g_application_set_option_context_parameter_string(gcast(app), parameters)
    }

    private static func keepArguments(in dictionary: UnsafeMutablePointer<GVariantDict>) {
        let arguments = (1..<Int(CommandLine.argc)).map { UnsafePointer(CommandLine.unsafeArgv[$0]) }
        let value = arguments.withUnsafeBufferPointer { g_variant_new_bytestring_array($0.baseAddress, gssize($0.count)) }
        g_variant_dict_insert_value(dictionary, argumentsKey, value)
    }

    /// The other launch's arguments as it was given them, or nil when one is longer than any path or option.
    private static func forwardedArguments(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> [String]? {
        var raw: [UnsafePointer<CChar>] = []
        let type = g_variant_type_new("aay")
        defer { g_variant_type_free(type) }
        let dictionary = g_application_command_line_get_options_dict(commandLine)
        if let value = g_variant_dict_lookup_value(dictionary, argumentsKey, type) {
            defer { g_variant_unref(value) }
            var count: gsize = 0
            let strings = g_variant_get_bytestring_array(value, &count)
            defer { g_free(strings) }
            raw = (0..<Int(count)).compactMap { strings?[$0] }
            return decoded(raw)
        }
        // A launch that did not say (an older build) is read as GApplication passes it.
        var count: Int32 = 0
        let argv = g_application_command_line_get_arguments(commandLine, &count)
        defer { g_strfreev(argv) }
        raw = (1..<Int(max(1, count))).compactMap { argv?[$0].map { UnsafePointer($0) } }
        return decoded(raw)
    }

    private static func decoded(_ raw: [UnsafePointer<CChar>]) -> [String]? {
        guard raw.allSatisfy({ strlen($0) <= CommandLineParser.longestArgument }) else { return nil }
        // Arguments and folder arrive as the bytes the other launch was given: file names need not be UTF-8.
        return raw.map { PathBytes.decode(cString: $0) }
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

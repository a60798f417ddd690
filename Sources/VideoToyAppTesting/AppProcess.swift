import Foundation
import VideoToyCore

#if canImport(Glibc)
    import Glibc
#endif

/// The VideoToy app running as a child process on a virtual display, with its `--events` JSON-lines log.
public final class AppProcess: @unchecked Sendable {
    /// One line of the event log: `{"event": NAME, "t_ms": …, …}`.
    public struct Event: Sendable, CustomStringConvertible {
        /// 0-based line number in the log; `waitFor(_:after:)` uses it to look only at later events.
        public let index: Int
        /// The line read back into the type the app wrote it from.
        public let record: EventRecord
        /// The line as written.
        public let line: String

        /// The event's name, such as "probe".
        public var name: String { record.name }
        /// Milliseconds since the app started, as the app reports them.
        public var tMs: Double { Double(record.tMs) }
        /// The "path" field, present on events about a file.
        public var path: String? { record.path }
        /// Every key of the line, including "event" and "t_ms".
        public var fields: [String: JSONValue] {
            Dictionary(
                [("event", .string(name)), ("t_ms", .int(record.tMs))] + (path.map { [("path", .string($0))] } ?? [])
                    + record.fields, uniquingKeysWith: { first, _ in first })
        }
        /// Any field of the line.
        public subscript(key: String) -> JSONValue? { record[key] }
        /// One of the event's own fields.
        public subscript(field: EventField) -> JSONValue? { record[field] }
        /// The fields in Foundation form.
        public var dictionary: [String: Any] { fields.mapValues(\.anyValue) }

        /// The line number and the line, for failure messages.
        public var description: String { "#\(index) \(line)" }
    }

    /// The app binary: `$VIDEOTOY_BIN`, else `videotoy` next to the running test bundle, else `.build/debug/videotoy`.
    public static var defaultBinary: URL {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_BIN"] { return URL(fileURLWithPath: path) }
        // Next to the test executable, so `swift test --scratch-path …` and release builds find the matching binary.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = exe.deletingLastPathComponent().appendingPathComponent("videotoy")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return PackagePaths.root.appendingPathComponent(".build/debug/videotoy")
    }

    /// Where the app writes its events.
    public let eventsURL: URL
    /// The child's process id.
    public let pid: Int32

    private let child: ChildProcess
    private let display: (any TestDisplay)?
    private let directory: URL
    private let ownsDirectory: Bool
    private let stderrURL: URL
    private let stdoutURL: URL
    private let lock = NSLock()
    private var parsed: [Event] = []
    private var malformed: [String] = []
    private var readOffset = 0

    /// Launches the app with `--events FILE` plus `arguments`, on `display` (or the inherited DISPLAY when nil).
    ///
    /// Its log, stdout and stderr go to a temporary folder removed with this object, or, when `folder` is given, to
    /// `NAME.jsonl`, `NAME.stdout` and `NAME.stderr` there, kept for a report. GTK's accessibility layer is off
    /// unless `accessibility` is true: tests need not wait for its bus, a benchmark measures the app as people run it.
    /// `reportingOn` is the display whose monitors a failure report lists (default: `display`). With
    /// `choosingRenderer`, neither `GSK_RENDERER` nor `GDK_DEBUG` is set: the app picks its drawing path as it does when
    /// started from a menu (tests otherwise draw with cairo and no GL).
    public init(
        arguments: [String] = [], display: VirtualDisplay?, environment extra: [String: String] = [:],
        binary: URL = AppProcess.defaultBinary, keepingFilesIn folder: URL? = nil, named name: String = "events",
        accessibility: Bool = false, reportingOn testDisplay: (any TestDisplay)? = nil, networkScreens: Bool = false,
        choosingRenderer: Bool = false
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError("videotoy binary not found at \(binary.path): run `swift build` first or set VIDEOTOY_BIN")
        }
        ownsDirectory = folder == nil
        self.display = testDisplay ?? display
        directory = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        eventsURL = directory.appendingPathComponent(name + ".jsonl")
        stderrURL = directory.appendingPathComponent(name + ".stderr")
        stdoutURL = directory.appendingPathComponent(name + ".stdout")
        for url in [eventsURL, stderrURL, stdoutURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }

        var env = ProcessInfo.processInfo.environment
        env.merge(display?.environment ?? [:]) { $1 }
        // Cairo avoids GL on the dummy server; x11 because only Xorg can unplug; no a11y bus to wait for.
        env["GSK_RENDERER"] = "cairo"
        // As scripts/run does: with cairo drawing everything, GDK would still start Mesa's software GL (llvmpipe,
        // about 60 MB resident) only to choose a window visual, which no desktop with a GPU driver pays.
        env["GDK_DEBUG"] = "gl-disable"
        env["GDK_BACKEND"] = "x11"
        if choosingRenderer {
            env["GSK_RENDERER"] = nil
            env["GDK_DEBUG"] = nil
        }
        if !accessibility { env["GTK_A11Y"] = "none" }
        env["WAYLAND_DISPLAY"] = nil
        // Each run remembers its settings in its own folder, so tests never see each other's choices.
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        // And caches (metadata, thumbnails) of their own, so no run reads another's or the user's.
        env["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        // The catalogues of this checkout, and English whatever the tester's language, unless a test asks for one:
        // the tests read the windows' words.
        env["VIDEOTOY_LOCALEDIR"] = PackagePaths.localeFolder.path
        env["LANGUAGE"] = "en"
        env.merge(extra) { $1 }

        // Files, not pipes: nobody drains a pipe while a test waits, and a full pipe would freeze the app.
        child = try ChildProcess(
            // Looking for TVs sends SSDP searches on every interface: only tests in a namespace of their own may.
            [binary.path, "--events", eventsURL.path] + (networkScreens ? [] : ["--no-network-screens"]) + arguments, environment: env,
            stdout: stdoutURL.path, stderr: stderrURL.path)
        pid = child.pid
    }

    /// Launches the app on any test display (X11 or Wayland) with that display's environment; see the main initialiser.
    public convenience init(arguments: [String] = [], on display: any TestDisplay, environment extra: [String: String] = [:]) throws {
        try self.init(
            arguments: arguments, display: display as? VirtualDisplay, environment: display.clientEnvironment.merging(extra) { $1 },
            reportingOn: display)
    }

    deinit {
        if child.poll() == nil { terminate(timeout: 2) }
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// When the process was started, on the monotonic clock: the zero of start-up figures measured from outside.
    public var launchedAt: ContinuousClock.Instant { child.started }

    /// What the app cost, once it has exited.
    public var resourceUsage: ResourceUsage? { child.resourceUsage }

    /// Whether the app is still running.
    public var isRunning: Bool { child.poll() == nil }

    /// How it ended, nil while running.
    public var termination: Termination? { child.poll() }

    /// Exit status once it has exited (the signal number if a signal ended it), nil while running.
    public var exitStatus: Int32? { child.poll()?.status }

    /// Whether it ended because of a signal rather than by exiting.
    public var wasKilledBySignal: Bool { if case .signaled = child.poll() { true } else { false } }

    /// Everything the app wrote to stdout so far.
    public var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// Everything the app wrote to stderr so far.
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Complete lines of the log that were not a JSON object with "event" and "t_ms".
    public var malformedLines: [String] {
        _ = events()
        return lock.withLock { malformed }
    }

    /// All events logged so far; a line still being written is left for the next call.
    public func events() -> [Event] {
        lock.withLock {
            guard let handle = try? FileHandle(forReadingFrom: eventsURL) else { return parsed }
            defer { try? handle.close() }
            try? handle.seek(toOffset: UInt64(readOffset))
            let data = (try? handle.readToEnd()) ?? Data()
            guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return parsed }
            let complete = data[data.startIndex...lastNewline]
            readOffset += complete.count
            for raw in complete.split(separator: UInt8(ascii: "\n")) {
                let line = String(decoding: raw, as: UTF8.self)
                guard let record = EventRecord(jsonLine: line) else {
                    if !line.trimmingCharacters(in: .whitespaces).isEmpty { malformed.append(line) }
                    continue
                }
                parsed.append(Event(index: parsed.count, record: record, line: line))
            }
            return parsed
        }
    }

    /// The events in Foundation form, one dictionary per line.
    public func eventDictionaries() -> [[String: Any]] { events().map(\.dictionary) }

    /// Waits for the first event called `name` after `after` (default: any) for which `predicate` holds.
    ///
    /// Fails early, with the events seen and the end of stderr, if the app exits first.
    public func waitFor(
        _ name: String, after: Event? = nil, timeout: Duration = .seconds(15),
        where predicate: (Event) -> Bool = { _ in true }
    ) async throws -> Event {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Read the exit state before the log, so that events written just before exiting are not missed.
            let ended = child.poll()
            let found = events().first { $0.index > (after?.index ?? -1) && $0.name == name && predicate($0) }
            if let found { return found }
            if let ended {
                throw HarnessError("app ended (\(ended), status \(ended.status)) before event \"\(name)\"\n" + report())
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError("timed out after \(timeout) waiting for event \"\(name)\"\n" + report())
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the app exits by itself and returns its status.
    public func waitForExit(timeout: Duration = .seconds(15)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended = child.poll() { return ended.status }
            if ContinuousClock.now >= deadline {
                throw HarnessError("app still running after \(timeout)\n" + report())
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends SIGTERM, then SIGKILL if it has not exited within `timeout` seconds; returns the exit status.
    @discardableResult
    public func terminate(timeout: TimeInterval = 5) -> Int32 {
        if child.poll() == nil {
            child.send(SIGTERM)
            let deadline = Date().addingTimeInterval(timeout)
            while child.poll() == nil, Date() < deadline { usleep(20_000) }
            child.send(SIGKILL)
        }
        return child.wait().status
    }

    /// What a failed wait needs to tell a lost notification from a crash or a stall: whether the app runs (and how it
    /// ended), its `stall` events, what the display server reports, the log, the end of stderr, and every thread's
    /// backtrace while it still runs.
    public func report(stderrLines: Int = 30) -> String {
        let ended = child.poll()
        let state = ended.map { "app: ended (\($0), status \($0.status))" } ?? "app: running (pid \(pid))"
        let all = events()
        let stalls = all.filter { $0.name == EventName.stall.rawValue }.map(\.line)
        let log = all.map(\.line).joined(separator: "\n")
        let bad = malformedLines.isEmpty ? "" : "\nmalformed lines:\n" + malformedLines.joined(separator: "\n")
        let tail = stderr.split(separator: "\n", omittingEmptySubsequences: false).suffix(stderrLines)
            .joined(separator: "\n")
        let screens = display.map { "\ndisplay server: " + $0.monitorListing() } ?? ""
        let threads = ended == nil ? "\nthreads:\n" + backtraces() : ""
        return """
            \(state)
            stalls: \(stalls.isEmpty ? "none" : stalls.joined(separator: "\n"))\(screens)
            events (\(eventsURL.path)):
            \(log)\(bad)
            stderr (last \(stderrLines) lines):
            \(tail)\(threads)
            """
    }

    /// Every thread's backtrace through gdb (bounded in time and length), or why there is none.
    private func backtraces(lines: Int = 400) -> String {
        let gdb = ["timeout", "30", "gdb", "-p", String(pid), "-batch", "-nx", "-ex", "thread apply all bt 30"]
        guard let result = try? Command.run(gdb) else { return "gdb could not be run" }
        let text = result.output.split(separator: "\n").filter { !$0.hasPrefix("[New LWP") }
        return text.isEmpty ? "gdb printed nothing (status \(result.status)): \(result.stderr)" : text.prefix(lines).joined(separator: "\n")
    }
}

extension JSONValue {
    /// The Foundation form (`String`, `Int`, `Double`, `Bool`, `NSNull`, arrays, dictionaries), for tests that want it.
    var anyValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let v): v
        case .int(let v): v
        case .double(let v): v
        case .string(let v): v
        case .array(let v): v.map(\.anyValue)
        case .object(let pairs): Dictionary(pairs.map { ($0.0, $0.1.anyValue) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

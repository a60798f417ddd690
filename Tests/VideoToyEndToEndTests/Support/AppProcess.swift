import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A JSON value from the app's event log; unlike JSONSerialization's `Any` it is Sendable and Equatable.
enum JSONValue: Sendable, Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        // Bool before Double: JSONDecoder refuses to read a number as Bool, so `true` and `1` stay distinct.
        if c.decodeNil() { self = .null }
        else if let v = try? c.decode(Bool.self) { self = .bool(v) }
        else if let v = try? c.decode(Double.self) { self = .number(v) }
        else if let v = try? c.decode(String.self) { self = .string(v) }
        else if let v = try? c.decode([JSONValue].self) { self = .array(v) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    var string: String? { if case .string(let v) = self { v } else { nil } }
    var number: Double? { if case .number(let v) = self { v } else { nil } }
    var int: Int? { number.flatMap { Int(exactly: $0) } }
    var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    var array: [JSONValue]? { if case .array(let v) = self { v } else { nil } }
    var object: [String: JSONValue]? { if case .object(let v) = self { v } else { nil } }

    /// Member `key` of an object, nil otherwise.
    subscript(key: String) -> JSONValue? { object?[key] }

    /// The Foundation form (`String`, `Double`, `Bool`, `NSNull`, arrays, dictionaries).
    var anyValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let v): v
        case .number(let v): v
        case .string(let v): v
        case .array(let v): v.map(\.anyValue)
        case .object(let v): v.mapValues(\.anyValue)
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let v): "\(v)"
        case .number(let v): v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)"
        case .string(let v): "\"\(v)\""
        case .array(let v): "[\(v.map(\.description).joined(separator: ","))]"
        case .object(let v): "{\(v.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ","))}"
        }
    }
}

/// The VideoToy app running as a child process on a virtual display, with its `--events` JSON-lines log.
final class AppProcess: @unchecked Sendable {
    /// One line of the event log: `{"event": NAME, "t_ms": …, …}`.
    struct Event: Sendable, CustomStringConvertible {
        /// 0-based line number in the log; `waitFor(_:after:)` uses it to look only at later events.
        let index: Int
        let name: String
        /// Milliseconds since the app started, as the app reports them.
        let tMs: Double
        /// Every key of the line, including "event" and "t_ms".
        let fields: [String: JSONValue]
        /// The line as written.
        let line: String

        /// The "path" field, present on events about a file.
        var path: String? { fields["path"]?.string }
        /// Any field of the line.
        subscript(key: String) -> JSONValue? { fields[key] }
        /// The fields in Foundation form.
        var dictionary: [String: Any] { fields.mapValues(\.anyValue) }

        var description: String { "#\(index) \(line)" }
    }

    /// The app binary: `$VIDEOTOY_BIN`, else `videotoy` next to the running test bundle, else `.build/debug/videotoy`.
    static var defaultBinary: URL {
        if let path = ProcessInfo.processInfo.environment["VIDEOTOY_BIN"] { return URL(fileURLWithPath: path) }
        // Next to the test executable, so `swift test --scratch-path …` and release builds find the matching binary.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = exe.deletingLastPathComponent().appendingPathComponent("videotoy")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return PackagePaths.root.appendingPathComponent(".build/debug/videotoy")
    }

    /// Where the app writes its events.
    let eventsURL: URL
    /// The child's process id.
    let pid: Int32

    private let child: ChildProcess
    private let directory: URL
    private let stderrURL: URL
    private let stdoutURL: URL
    private let lock = NSLock()
    private var parsed: [Event] = []
    private var malformed: [String] = []
    private var readOffset = 0

    /// Launches the app with `--events FILE` plus `arguments`, on `display` (or the inherited DISPLAY when nil).
    init(arguments: [String] = [], display: VirtualDisplay?, environment extra: [String: String] = [:],
         binary: URL = AppProcess.defaultBinary) throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError("videotoy binary not found at \(binary.path): run `swift build` first or set VIDEOTOY_BIN")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        eventsURL = directory.appendingPathComponent("events.jsonl")
        stderrURL = directory.appendingPathComponent("stderr.txt")
        stdoutURL = directory.appendingPathComponent("stdout.txt")
        for url in [eventsURL, stderrURL, stdoutURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }

        var env = ProcessInfo.processInfo.environment
        env.merge(display?.environment ?? [:]) { $1 }
        // Cairo avoids GL on the dummy server; x11 because only Xorg can unplug; no a11y bus to wait for.
        env["GSK_RENDERER"] = "cairo"
        env["GDK_BACKEND"] = "x11"
        env["GTK_A11Y"] = "none"
        env["WAYLAND_DISPLAY"] = nil
        // Each run remembers its settings in its own folder, so tests never see each other's choices.
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        // And caches (metadata, thumbnails) of their own, so no run reads another's or the user's.
        env["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        env.merge(extra) { $1 }

        // Files, not pipes: nobody drains a pipe while a test waits, and a full pipe would freeze the app.
        child = try ChildProcess([binary.path, "--events", eventsURL.path] + arguments, environment: env,
                                 stdout: stdoutURL.path, stderr: stderrURL.path)
        pid = child.pid
    }

    deinit {
        if child.poll() == nil { terminate(timeout: 2) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Whether the app is still running.
    var isRunning: Bool { child.poll() == nil }

    /// How it ended, nil while running.
    var termination: Termination? { child.poll() }

    /// Exit status once it has exited (the signal number if a signal ended it), nil while running.
    var exitStatus: Int32? { child.poll()?.status }

    /// Whether it ended because of a signal rather than by exiting.
    var wasKilledBySignal: Bool { if case .signaled = child.poll() { true } else { false } }

    /// Everything the app wrote to stdout so far.
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }

    /// Everything the app wrote to stderr so far.
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Complete lines of the log that were not a JSON object with "event" and "t_ms".
    var malformedLines: [String] {
        _ = events()
        return lock.withLock { malformed }
    }

    /// All events logged so far; a line still being written is left for the next call.
    func events() -> [Event] {
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
                guard let object = try? JSONDecoder().decode(JSONValue.self, from: Data(raw)).object,
                      let name = object["event"]?.string, let t = object["t_ms"]?.number else {
                    if !line.trimmingCharacters(in: .whitespaces).isEmpty { malformed.append(line) }
                    continue
                }
                parsed.append(Event(index: parsed.count, name: name, tMs: t, fields: object, line: line))
            }
            return parsed
        }
    }

    /// The events in Foundation form, one dictionary per line.
    func eventDictionaries() -> [[String: Any]] { events().map(\.dictionary) }

    /// Waits for the first event called `name` after `after` (default: any) for which `predicate` holds.
    ///
    /// Fails early, with the events seen and the end of stderr, if the app exits first.
    func waitFor(_ name: String, after: Event? = nil, timeout: Duration = .seconds(15),
                 where predicate: (Event) -> Bool = { _ in true }) async throws -> Event {
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
    func waitForExit(timeout: Duration = .seconds(15)) async throws -> Int32 {
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
    func terminate(timeout: TimeInterval = 5) -> Int32 {
        if child.poll() == nil {
            child.send(SIGTERM)
            let deadline = Date().addingTimeInterval(timeout)
            while child.poll() == nil, Date() < deadline { usleep(20_000) }
            child.send(SIGKILL)
        }
        return child.wait().status
    }

    /// The log and the end of stderr, for failure messages.
    func report(stderrLines: Int = 30) -> String {
        let log = events().map(\.line).joined(separator: "\n")
        let bad = malformedLines.isEmpty ? "" : "\nmalformed lines:\n" + malformedLines.joined(separator: "\n")
        let tail = stderr.split(separator: "\n", omittingEmptySubsequences: false).suffix(stderrLines)
            .joined(separator: "\n")
        return "events (\(eventsURL.path)):\n\(log)\(bad)\nstderr (last \(stderrLines) lines):\n\(tail)"
    }
}

import Foundation
import VideoToyCore
import VideoToyMediaTesting
#if canImport(Glibc)
import Glibc
#endif

/// A failure of the end-to-end harness itself, with a message meant to be read in a test report.
struct HarnessError: Error, CustomStringConvertible {
    /// What went wrong, including the failing command's stderr where there was one.
    let description: String

    init(_ description: String) { self.description = description }
}

/// Where the package lives, found from this file's path so tests work from any working directory.
enum PackagePaths {
    /// The package root (the directory holding Package.swift and scripts/).
    static let root: URL = {
        // Symlinks are resolved so a scratch package that links these sources in still finds the real checkout.
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent() // Support
            .deletingLastPathComponent() // VideoToyEndToEndTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent()
    }()

    /// `scripts/virtual-display`, or `$VIRTUAL_DISPLAY_SCRIPT` when set.
    static var virtualDisplayScript: URL {
        if let path = ProcessInfo.processInfo.environment["VIRTUAL_DISPLAY_SCRIPT"] { return URL(fileURLWithPath: path) }
        return root.appendingPathComponent("scripts/virtual-display")
    }
}

/// How a child process ended.
enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)

    /// The exit status, or the signal number for a signal.
    var status: Int32 {
        switch self {
        case .exited(let code), .signaled(let code): code
        }
    }
}

/// A child process started with posix_spawn and reaped with waitpid.
///
/// Not Foundation's `Process`: on Linux it notices an exit only when a socket it passes to the child is closed,
/// so any daemon the child leaves behind (Xorg, openbox, GStreamer helpers) makes it wait forever.
final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    let pid: pid_t

    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `arguments[0]` (searched on PATH) with stdin from /dev/null, output to the given files and no other
    /// descriptors, so grandchildren cannot keep this process's pipes or sockets open.
    init(_ arguments: [String], environment: [String: String], stdout: String, stderr: String) throws {
        TestProcess.ignoreBrokenPipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        Self.closeDescriptors(from: 3, in: &actions)

        // Test runners block or ignore signals (SIGPIPE, …); the child starts with the defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // A PathBytes argument (a file name that is not UTF-8) reaches the program as its real bytes.
        let argv = arguments.map { PathBytes.withCString($0) { strdup($0) } } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    /// Closes every descriptor from `first` on in the child.
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        // glibc ≥ 2.34 has addclosefrom_np, but Swift's Glibc module does not import it: look it up at run time.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, first)
            return
        }
        // Older glibc: close what is open now (glibc ignores closing a descriptor that is shut by then).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd >= first {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    deinit {
        // Never leave a zombie or an orphan behind.
        if poll() == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    /// How it ended, or nil while it runs; reaps it once it has ended.
    func poll() -> Termination? {
        lock.withLock {
            if let ended { return ended }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            // WIFEXITED and friends are macros Swift cannot import.
            let signal = status & 0x7f
            ended = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
            return ended
        }
    }

    /// Blocks until it ends.
    func wait() -> Termination {
        while true {
            if let ended = poll() { return ended }
            usleep(5_000)
        }
    }

    /// Sends `signal` unless it has already been reaped (then the pid might belong to someone else).
    func send(_ signal: Int32) {
        lock.withLock { if ended == nil { _ = kill(pid, signal) } }
    }
}

/// The outcome of a finished command.
struct CommandResult: Sendable {
    /// Exit status (or signal number when it was killed).
    let status: Int32
    /// Everything it wrote to stdout.
    let stdout: Data
    /// Everything it wrote to stderr, as text.
    let stderr: String

    /// Stdout decoded as UTF-8.
    var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs short-lived helper commands (xrandr, convert, the display script) synchronously.
enum Command {
    /// Runs `arguments[0]` found on PATH; `extraEnvironment` is added to this process's environment.
    static func run(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        // Files rather than pipes: nothing can keep them open past the command's exit, and nothing can fill up.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cmd-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { $1 }
        let child = try ChildProcess(arguments, environment: environment, stdout: out.path, stderr: err.path)
        let termination = child.wait()
        return CommandResult(status: termination.status, stdout: (try? Data(contentsOf: out)) ?? Data(),
                             stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Like `run`, but throws with the command line and its stderr unless it exits 0.
    @discardableResult
    static func check(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        let result = try run(arguments, extraEnvironment: extraEnvironment)
        guard result.status == 0 else {
            throw HarnessError("`\(arguments.joined(separator: " "))` exited \(result.status): \(result.stderr)")
        }
        return result
    }
}

/// An axis-aligned rectangle in pixels.
struct Rect: Sendable, Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The same rectangle shrunk by `amount` on every side (to keep assertions off borders).
    func insetBy(_ amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// One mode (resolution at one refresh rate) an output offers.
struct DisplayMode: Sendable, Equatable {
    /// The RandR mode name, e.g. `1920x1080_60` for modes the script added.
    let name: String
    let width: Int
    let height: Int
    /// Refresh rate in Hz as xrandr prints it (59.96 for a CVT "60 Hz" 1080p mode).
    let refresh: Double
    /// The output is showing this mode now.
    let isCurrent: Bool
    /// The driver marks this mode as preferred.
    let isPreferred: Bool
}

/// One RandR output as `xrandr --query` reports it.
struct Monitor: Sendable, Equatable {
    /// Output name, e.g. `DUMMY1`.
    let connector: String
    /// RandR's connection state; the dummy driver keeps an output "connected" after it has been switched off.
    let isConnected: Bool
    let isPrimary: Bool
    /// Position and size on the root window, nil while the output is off.
    let geometry: Rect?
    let modes: [DisplayMode]

    /// Whether the output is on, i.e. a monitor GTK would list.
    var isActive: Bool { geometry != nil }
    /// The mode shown now, if any.
    var currentMode: DisplayMode? { modes.first(where: \.isCurrent) }
}

/// The parsed result of a plain `xrandr --query`.
struct XrandrState: Sendable, Equatable {
    /// Root window size.
    let screenWidth: Int
    let screenHeight: Int
    /// Every output, in xrandr's order.
    let monitors: [Monitor]

    /// Parses xrandr's text; unknown lines are ignored so other drivers' extra columns do no harm.
    static func parse(_ text: String) -> XrandrState {
        var width = 0, height = 0
        var monitors: [Monitor] = []
        var header: (connector: String, connected: Bool, primary: Bool, geometry: Rect?)?
        var modes: [DisplayMode] = []

        func flush() {
            if let h = header {
                monitors.append(Monitor(connector: h.connector, isConnected: h.connected, isPrimary: h.primary,
                                        geometry: h.geometry, modes: modes))
            }
            header = nil
            modes = []
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let tokens = line.split(separator: " ").map(String.init)
            guard let first = tokens.first else { continue }
            if !line.hasPrefix(" ") {
                flush()
                if first == "Screen", let i = tokens.firstIndex(of: "current"), i + 3 < tokens.count {
                    width = Int(tokens[i + 1]) ?? 0
                    height = Int(tokens[i + 3].trimmingCharacters(in: CharacterSet(charactersIn: ","))) ?? 0
                } else if tokens.count >= 2 {
                    header = (first, tokens[1] == "connected", tokens.contains("primary"),
                              tokens.dropFirst(2).lazy.compactMap(parseGeometry).first)
                }
            } else if line.hasPrefix("   "), header != nil, first != "h:", first != "v:",
                      !(tokens.dropFirst().first?.hasPrefix("(0x") ?? false) {
                modes += parseModeLine(tokens)
            } else if !line.hasPrefix("   ") {
                // Two-space lines are modes defined but attached to no output: they end the last output's list.
                flush()
            }
        }
        flush()
        return XrandrState(screenWidth: width, screenHeight: height, monitors: monitors)
    }

    /// Parses `WIDTHxHEIGHT+X+Y`.
    static func parseGeometry(_ token: String) -> Rect? {
        let parts = token.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
        guard parts.count == 4, token.contains("x"), token.filter({ $0 == "+" }).count == 2 else { return nil }
        return Rect(x: parts[2], y: parts[3], width: parts[0], height: parts[1])
    }

    /// One mode line lists several rates; `*` marks the current one, `+` (attached or not) the preferred one.
    private static func parseModeLine(_ tokens: [String]) -> [DisplayMode] {
        let name = tokens[0]
        let size = name.prefix { $0.isNumber || $0 == "x" }.split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { return [] }
        var result: [DisplayMode] = []
        for token in tokens.dropFirst() {
            if token == "+", let last = result.popLast() {
                result.append(DisplayMode(name: name, width: size[0], height: size[1], refresh: last.refresh,
                                          isCurrent: last.isCurrent, isPreferred: true))
                continue
            }
            guard let rate = Double(token.trimmingCharacters(in: CharacterSet(charactersIn: "*+"))) else { continue }
            result.append(DisplayMode(name: name, width: size[0], height: size[1], refresh: rate,
                                      isCurrent: token.contains("*"), isPreferred: token.contains("+")))
        }
        return result
    }
}

/// A private Xorg (dummy driver) with openbox and a session bus, whose monitors can be plugged and unplugged.
///
/// Started through `scripts/virtual-display`; stopped by `stop()`, by deinit, or by the script's watchdog
/// if this test process dies first.
final class VirtualDisplay: @unchecked Sendable {
    /// The X display name, e.g. `:90`.
    let display: String
    /// Variables a client of this display needs: DISPLAY and, when available, DBUS_SESSION_BUS_ADDRESS.
    let environment: [String: String]

    private let lock = NSLock()
    private var stopped = false

    /// Starts a new display; throws with the script's explanation when Xorg or the dummy driver is missing.
    init() throws {
        let script = PackagePaths.virtualDisplayScript
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw HarnessError("virtual display script not found or not executable at \(script.path)")
        }
        let pid = ProcessInfo.processInfo.processIdentifier
        let result = try Command.run([script.path, "start", "--owner-pid", String(pid)])
        guard result.status == 0 else {
            throw HarnessError("""
                could not start the virtual display (CI must install xserver-xorg-core xserver-xorg-video-dummy \
                openbox x11-xserver-utils imagemagick dbus and run as root): \(result.stderr)
                """)
        }
        var env: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            env[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        guard let display = env["DISPLAY"] else {
            throw HarnessError("virtual-display start printed no DISPLAY: \(result.output)")
        }
        self.display = display
        self.environment = env
    }

    deinit { stop() }

    /// Stops the server and its companions; safe to call more than once.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        _ = try? Command.run([PackagePaths.virtualDisplayScript.path, "-d", display, "stop"])
    }

    /// Gives `output` (DUMMY1…DUMMY15) these modes (`1920x1080`, `1280x720@50`) and switches it on with the largest.
    func plug(_ output: String, modes: [String]) throws {
        try script(["plug", output] + modes)
    }

    /// Switches `output` off and removes the modes `plug` gave it.
    func unplug(_ output: String) throws {
        try script(["unplug", output])
    }

    /// Root size and all outputs, from a plain `xrandr --query` (which also makes the server re-probe).
    func query() throws -> XrandrState {
        XrandrState.parse(try xrandr(["--query"]))
    }

    /// All outputs, active or not.
    func monitors() throws -> [Monitor] { try query().monitors }

    /// The output named `connector`, if the server has one.
    func monitor(_ connector: String) throws -> Monitor? {
        try monitors().first { $0.connector == connector }
    }

    /// Screenshot of the whole root window, or of one active output; `savingTo` keeps the PNG (e.g. for a report).
    func screenshot(crop output: String? = nil, savingTo png: URL? = nil) throws -> Image {
        let file = png ?? FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png")
        defer { if png == nil { try? FileManager.default.removeItem(at: file) } }
        try script(["shot", file.path] + (output.map { [$0] } ?? []))
        return try Image.load(file)
    }

    /// Runs xrandr against this display and returns its stdout.
    @discardableResult
    func xrandr(_ arguments: [String]) throws -> String {
        try Command.check(["xrandr"] + arguments, extraEnvironment: ["DISPLAY": display]).output
    }

    /// Runs any X client command (xdotool, xprop, …) against this display.
    @discardableResult
    func run(_ arguments: [String]) throws -> CommandResult {
        try Command.check(arguments, extraEnvironment: environment)
    }

    private func script(_ arguments: [String]) throws {
        try Command.check([PackagePaths.virtualDisplayScript.path, "-d", display] + arguments)
    }
}

/// One 8-bit RGB pixel.
struct RGB: Sendable, Equatable, CustomStringConvertible {
    var r: UInt8
    var g: UInt8
    var b: UInt8

    /// The largest per-channel difference to `other`.
    func distance(to other: RGB) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)), abs(Int(b) - Int(other.b)))
    }

    var description: String { "rgb(\(r),\(g),\(b))" }
}

/// An average colour with fractional channels (0…255).
struct MeanColor: Sendable, Equatable, CustomStringConvertible {
    var r: Double
    var g: Double
    var b: Double

    /// Whether every channel is within `tolerance` of `color`.
    func isClose(to color: RGB, tolerance: Double = 8) -> Bool {
        abs(r - Double(color.r)) <= tolerance && abs(g - Double(color.g)) <= tolerance
            && abs(b - Double(color.b)) <= tolerance
    }

    var description: String { String(format: "mean(%.1f,%.1f,%.1f)", r, g, b) }
}

/// An RGB image with pixel access, decoded from binary PPM (other formats go through ImageMagick).
struct Image: Sendable, Equatable {
    let width: Int
    let height: Int
    /// Row-major RGB bytes, 3 per pixel.
    let pixels: [UInt8]

    /// The whole image as a rectangle.
    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a binary PPM (P6, maxval 255).
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        // Header: magic, width, height, maxval, separated by whitespace, with optional # comments.
        func nextToken() -> String {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if [9, 10, 13, 32].contains(bytes[index]) {
                    index += 1
                } else { break }
            }
            let start = index
            while index < bytes.count, ![9, 10, 13, 32].contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let magic = nextToken()
        guard magic == "P6", let width = Int(nextToken()), let height = Int(nextToken()),
              nextToken() == "255" else {
            throw HarnessError("not an 8-bit binary PPM (magic \(magic))")
        }
        index += 1 // the single whitespace byte after maxval
        let count = width * height * 3
        guard bytes.count - index >= count else {
            throw HarnessError("PPM truncated: want \(count) bytes, have \(bytes.count - index)")
        }
        self.init(width: width, height: height, pixels: Array(bytes[index..<index + count]))
    }

    /// Loads any image ImageMagick reads (PNG, …), converting it to PPM.
    static func load(_ url: URL) throws -> Image {
        try Image(ppm: Command.check(["convert", url.path, "-depth", "8", "ppm:-"]).stdout)
    }

    /// The pixel at column `x`, row `y`.
    subscript(x x: Int, y y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
    }

    /// The part of the image inside `rect`, clipped to the image.
    func cropped(to rect: Rect) -> Image {
        let r = clip(rect)
        var out: [UInt8] = []
        out.reserveCapacity(r.width * r.height * 3)
        for y in r.y..<(r.y + r.height) {
            let start = (y * width + r.x) * 3
            out += pixels[start..<start + r.width * 3]
        }
        return Image(width: r.width, height: r.height, pixels: out)
    }

    /// Average colour of `rect` (default: the whole image).
    func meanColor(in rect: Rect? = nil) -> MeanColor {
        let r = clip(rect ?? bounds)
        var sums = (0, 0, 0)
        forEachPixel(in: r) { p in sums.0 += Int(p.r); sums.1 += Int(p.g); sums.2 += Int(p.b) }
        let n = Double(max(1, r.width * r.height))
        return MeanColor(r: Double(sums.0) / n, g: Double(sums.1) / n, b: Double(sums.2) / n)
    }

    /// Fraction (0…1) of pixels in `rect` whose colour is more than `tolerance` away from the same pixel in `other`.
    func fractionDiffering(from other: Image, in rect: Rect? = nil, tolerance: Int = 0) -> Double {
        let r = clip(rect ?? bounds)
        let o = other.clip(r)
        guard o == r, r.width > 0, r.height > 0 else { return 1 }
        var differing = 0
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) where self[x: x, y: y].distance(to: other[x: x, y: y]) > tolerance {
                differing += 1
            }
        }
        return Double(differing) / Double(r.width * r.height)
    }

    /// Fraction (0…1) of pixels in `rect` for which `predicate` holds (e.g. "not black").
    func fraction(in rect: Rect? = nil, where predicate: (RGB) -> Bool) -> Double {
        let r = clip(rect ?? bounds)
        var hits = 0
        forEachPixel(in: r) { if predicate($0) { hits += 1 } }
        return Double(hits) / Double(max(1, r.width * r.height))
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = min(max(rect.x, 0), width), y0 = min(max(rect.y, 0), height)
        let x1 = min(max(rect.x + rect.width, x0), width), y1 = min(max(rect.y + rect.height, y0), height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func forEachPixel(in rect: Rect, _ body: (RGB) -> Void) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { body(self[x: x, y: y]) }
        }
    }
}

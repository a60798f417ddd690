import Foundation
import VideoToyAppTesting

/// Talks to the app's MPRIS interface over the display's private session bus with `gdbus`, as a desktop
/// shell or `playerctl` would.
struct MPRISClient: Sendable {
    static let busName = "org.mpris.MediaPlayer2.VideoToy"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"

    /// The bus environment (DBUS_SESSION_BUS_ADDRESS) the calls use.
    let environment: [String: String]

    init(display: VirtualDisplay) {
        environment = display.environment
    }

    /// A client of any test display's session bus.
    init(on display: any TestDisplay) {
        environment = display.clientEnvironment
    }

    /// A client of the session bus `environment` names (a compositor that is no `TestDisplay`, such as sway).
    init(environment: [String: String]) {
        self.environment = environment
    }

    /// Calls `interface.method` with arguments in GVariant text form; returns gdbus's printed reply.
    @discardableResult
    func call(_ method: String, _ arguments: [String] = [], interface: String = MPRISClient.player) throws -> String {
        try Command.check(
            gdbus(["call", "--method", "\(interface).\(method)"] + arguments),
            extraEnvironment: environment
        ).output
    }

    /// Like `call`, but returns the whole result, so a D-Bus error can be looked at.
    func attempt(_ method: String, _ arguments: [String] = [], interface: String = MPRISClient.player) throws -> CommandResult {
        try Command.run(gdbus(["call", "--method", "\(interface).\(method)"] + arguments), extraEnvironment: environment)
    }

    /// A property as gdbus prints it, e.g. `(<'Playing'>,)`.
    func get(_ property: String, interface: String = MPRISClient.player) throws -> String {
        try call("Get", [interface, property], interface: "org.freedesktop.DBus.Properties")
    }

    /// Sets a property; `value` is GVariant text such as `<0.25>`.
    func set(_ property: String, _ value: String, interface: String = MPRISClient.player) throws {
        try call("Set", [interface, property, value], interface: "org.freedesktop.DBus.Properties")
    }

    /// The object's introspection XML.
    func introspect() throws -> String {
        try Command.check(gdbus(["introspect", "--xml"]), extraEnvironment: environment).output
    }

    /// `PlaybackStatus` without the GVariant dressing: `Playing`, `Paused` or `Stopped`.
    func status() throws -> String {
        MPRISClient.firstQuoted(try get("PlaybackStatus")) ?? ""
    }

    /// `Position` in microseconds.
    func position() throws -> Int64 {
        MPRISClient.int64(in: try get("Position")) ?? -1
    }

    /// One `Metadata` entry's value, as text (numbers without their `int64` tag).
    func metadata(_ key: String) throws -> String? {
        MPRISClient.entry(key, in: try get("Metadata"))
    }

    /// Waits until the app owns its bus name.
    func waitForName(timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let reply = try Command.run(
                [
                    "gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                    "--object-path", "/org/freedesktop/DBus", "--method",
                    "org.freedesktop.DBus.NameHasOwner", MPRISClient.busName,
                ],
                extraEnvironment: environment)
            if reply.output.contains("true") { return }
            if ContinuousClock.now >= deadline {
                throw HarnessError("\(MPRISClient.busName) never appeared on the bus: \(reply.output) \(reply.stderr)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Polls `read` until `done` holds for its value, returning the last value seen.
    func poll<T: Sendable>(
        _ read: () throws -> T, timeout: Duration = .seconds(5),
        until done: (T) -> Bool
    ) async throws -> T {
        let deadline = ContinuousClock.now + timeout
        var value = try read()
        while !done(value), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            value = try read()
        }
        return value
    }

    /// A string as GVariant text: single-quoted, so gdbus never reads it as something else.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// The first `int64 N` in gdbus output.
    static func int64(in text: String) -> Int64? {
        guard let match = text.firstMatch(of: /int64 (-?\d+)/) else { return nil }
        return Int64(match.1)
    }

    /// The first single-quoted string in gdbus output.
    static func firstQuoted(_ text: String) -> String? {
        text.firstMatch(of: /'([^']*)'/).map { String($0.1) }
    }

    /// The value of `'key': <…>` in a printed a{sv}.
    static func entry(_ key: String, in text: String) -> String? {
        guard let start = text.range(of: "'\(key)': <") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: ">") else { return nil }
        var value = String(rest[..<end])
        for tag in ["int64 ", "objectpath ", "uint64 "] where value.hasPrefix(tag) { value.removeFirst(tag.count) }
        if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
        return value
    }

    private func gdbus(_ arguments: [String]) -> [String] {
        let command = arguments.first!
        return ["gdbus", command, "--session", "--dest", MPRISClient.busName, "--object-path", MPRISClient.objectPath]
            + arguments.dropFirst()
    }
}

import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyDesktop
import VideoToyGObject

/// A player that records every command the server carries out.
@MainActor
final class RecordingPlayerTarget: MPRISPlayerTarget {
    var commands: [String] = []
    var opened: [String] = []

    var playbackStatus: MPRISPlaybackStatus { .stopped }
    var metadata: MPRISMetadata? { nil }
    var positionMs: Int { 0 }
    var volume: Double = 1
    var canPlay: Bool { true }
    var canPause: Bool { false }
    var canSeek: Bool { false }
    var canGoNext: Bool { false }
    var canGoPrevious: Bool { false }
    var onEnd = OnEnd.stop { didSet { commands.append("onEnd \(onEnd.rawValue)") } }
    var shuffle = false { didSet { commands.append("shuffle \(shuffle)") } }
    var fullscreen = false { didSet { commands.append("fullscreen \(fullscreen)") } }

    func play() { commands.append("play") }
    func pause() { commands.append("pause") }
    func playPause() { commands.append("playPause") }
    func stop() { commands.append("stop") }
    func next() { commands.append("next") }
    func previous() { commands.append("previous") }
    func seek(toMs ms: Int) { commands.append("seek \(ms)") }
    func open(path: String) -> Bool {
        opened.append(path)
        return true
    }
    func raise() { commands.append("raise") }
    func quit() { commands.append("quit") }
}

/// The MPRIS server on a private bus, called as a desktop would: arguments too long to be a URI are refused with
/// an error before the player hears of them.
@Suite("MPRIS server limits", .serialized)
@MainActor
struct MPRISServerLimitsTests {
    /// Turns the main context until `done` holds (300 s at most: other suites' main-actor tests, run alongside, hold the
    /// actor for long stretches, and the bus is only served between them).
    static func turn(until done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while !done() {
            guard ContinuousClock.now < deadline else { throw HarnessError("the server did not get there within 300 s") }
            MainLoop.dispatchPending()
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Calls `method` on the player with `arguments` from another thread, turning the main context meanwhile; the
    /// error the server answered with, nil for success. The call waits as long as `turn` does: a timeout here would
    /// only say that the main actor was busy elsewhere.
    static func call(_ address: String, _ method: String, _ arguments: [VariantValue]) async throws -> DBusCallError? {
        let finished = Finished()
        let task = Task.detached { () -> DBusCallError? in
            defer { finished.set() }
            do {
                let client = try DBusConnection.connect(address: address)
                _ = try client.call(
                    "org.mpris.MediaPlayer2.VideoToy", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", method,
                    .tuple(arguments), timeoutMilliseconds: .max)
                return nil
            } catch let error as DBusCallError {
                return error
            } catch {
                return DBusCallError("\(error)")
            }
        }
        try await turn { finished.isSet }
        return await task.value
    }

    @Test("a 1 MB OpenUri is refused with InvalidArgs and opens nothing; a short one opens its file")
    func hugeOpenUriIsRefused() async throws {
        let bus = try PrivateSessionBus()
        let target = RecordingPlayerTarget()
        let server = MPRISServer(target: target, report: { print("MPRIS: \($0)") }, address: bus.address)
        defer { server.stop() }
        try await Self.turn { server.ownedName != nil }
        let huge = "file:///" + String(repeating: "a", count: 1 << 20)
        let refused = try await Self.call(bus.address, "OpenUri", [.string(huge)])
        #expect(refused?.name == "org.freedesktop.DBus.Error.InvalidArgs", "\(String(describing: refused))")
        #expect(refused?.message.contains("at most \(MPRISServer.largestArguments)") == true, "\(String(describing: refused))")
        #expect(target.opened.isEmpty && target.commands.isEmpty, "no work was done: \(target.opened.count) opened")
        // Just under the bound still opens: the refusal is the size, not the method.
        let long = "file:///" + String(repeating: "b", count: 4000) + ".mp4"
        #expect(try await Self.call(bus.address, "OpenUri", [.string(long)]) == nil)
        #expect(target.opened == ["/" + String(repeating: "b", count: 4000) + ".mp4"])
        let play = try await Self.call(bus.address, "Play", [])
        #expect(play == nil && target.commands == ["play"])
    }
}

/// A flag set once from any thread.
private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}

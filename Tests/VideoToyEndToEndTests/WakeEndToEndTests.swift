import Foundation
import Glibc
import Testing
import VideoToyAppTesting

/// scripts/fake-session-inhibit on a display's session bus: what the app asked to keep the screen on, line by line.
final class SessionInhibitRecorder {
    private let fake: ChildProcess
    private let output: URL
    private let directory: URL

    /// Starts the stand-in for `service` (`gnome` or `screensaver`) on `display`'s bus, answering each Inhibit after
    /// `delayMs`, and waits until it owns its name.
    init(_ service: String, on display: VirtualDisplay, delayMs: Int = 0) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-inhibit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        output = directory.appendingPathComponent("calls")
        let environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
        fake = try ChildProcess(
            [PackagePaths.root.appendingPathComponent("scripts/fake-session-inhibit").path, service, String(delayMs)],
            environment: environment,
            stdout: output.path, stderr: directory.appendingPathComponent("err").path)
        _ = try await line("the stand-in owning its name", within: .seconds(10)) { $0 == "ready" }
    }

    deinit {
        fake.send(SIGTERM)
        _ = fake.wait()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every call recorded so far.
    var calls: [String] {
        ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0 != "ready" }
    }

    /// Waits for a line satisfying `wanted`, polling the log until `within` has passed; returns it and when it was seen.
    @discardableResult
    func line(_ what: String, within: Duration, _ wanted: (String) -> Bool) async throws -> (String, ContinuousClock.Instant) {
        let deadline = ContinuousClock.now + within
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let found = text.split(separator: "\n").map(String.init).first(where: wanted) { return (found, .now) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HarnessError("no \(what) within \(within); calls: \(calls)")
    }

    /// The flags of an Inhibit line.
    static func flags(_ line: String) -> Int {
        line.split(separator: " ").first { $0.hasPrefix("flags=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
    }
}

extension EndToEnd {
    /// The screen stays on while a video plays or is shown on an external screen: what the session is asked, seen
    /// through stand-ins for GNOME's session manager and the freedesktop screen saver on the display's bus.
    @Suite("Keeping the screen on")
    struct WakeTests {
        @Test("nothing while idle; idle inhibited within 2 s of play; released when paused in its row, held again, released at quit")
        func playAndPause() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder("gnome", on: display)
            let clips = Fixture.clips
            let app = try AppProcess(arguments: [clips.folder], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("ready", timeout: .seconds(45))
            try await Fixture.waitForKeyboard(display)
            try await Task.sleep(for: .seconds(2))
            #expect(session.calls.isEmpty, "no call while idle: \(session.calls)")

            let pressed = ContinuousClock.now
            try display.run(["xdotool", "key", "--clearmodifiers", "Return"])
            let play = try await app.waitFor("play", timeout: .seconds(45))
            let seenPlay = ContinuousClock.now
            let (inhibit, seen) = try await session.line("Inhibit", within: .seconds(10)) { $0.hasPrefix("inhibit ") }
            #expect(SessionInhibitRecorder.flags(inhibit) & 8 != 0, "flags include idle: \(inhibit)")
            let name = URL(fileURLWithPath: play.path ?? "").lastPathComponent
            #expect(inhibit.hasSuffix("app=org.videotoy.VideoToy reason=Playing \(name)"), "\(inhibit)")
            // The hold is taken when playback is asked for, before the player reports it playing.
            let held = try await app.waitFor("wake") { $0.fields["held"]?.bool == true }
            #expect(seen - seenPlay < .seconds(2), "Inhibit \(seen - seenPlay) after the play event was read")
            print("Return to Inhibit: \(seen - pressed); the hold came \(Int(play.tMs - held.tMs)) ms before the play event")

            try display.run(["xdotool", "key", "--clearmodifiers", "space"])
            _ = try await app.waitFor("pause", after: play)
            try await session.line("Uninhibit", within: .seconds(5)) { $0.hasPrefix("uninhibit cookie=1") }
            _ = try await app.waitFor("wake", after: held) { $0.fields["held"]?.bool == false }
            #expect(session.calls.count == 2, "one hold, one release: \(session.calls)")

            // Playing again holds again, and quitting lets go.
            try display.run(["xdotool", "key", "--clearmodifiers", "space"])
            try await session.line("a second Inhibit", within: .seconds(10)) { $0.hasPrefix("inhibit cookie=2 ") }
            try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+q"])
            #expect(try await app.waitForExit(timeout: .seconds(45)) == 0)
            try await session.line("Uninhibit at quit", within: .seconds(5)) { $0.hasPrefix("uninhibit cookie=2") }
        }

        @Test("a paused video on an external monitor stays held; unplugged, it comes home and is released")
        func pausedOnAProjector() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder("gnome", on: display)
            let clips = Fixture.clips
            try display.plug("DUMMY1", modes: ["1280x720"])
            let app = try AppProcess(arguments: ["--reconnect-grace", "0", "--play", clips.long, clips.folder], display: display)
            defer { app.terminate() }
            let moved = try await app.waitFor("route", timeout: .seconds(45)) { $0.fields["to"]?.string == "DUMMY1" }
            try await session.line("Inhibit", within: .seconds(10)) { $0.hasPrefix("inhibit ") }
            _ = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clips.long }
            // The scene on DUMMY1 may hold the focus: the media keys' way, MPRIS, reaches the video wherever it is.
            let client = MPRISClient(display: display)
            try await client.waitForName()
            try client.call("Pause")
            let pause = try await app.waitFor("pause", after: moved)
            try await Task.sleep(for: .seconds(2))
            #expect(!session.calls.contains { $0.hasPrefix("uninhibit") }, "held while paused on the projector: \(session.calls)")
            #expect(!app.events().contains { $0.name == "wake" && $0.index > pause.index })

            try display.unplug("DUMMY1")
            _ = try await app.waitFor("route", after: pause) { $0.fields["to"]?.string == "row" }
            try await session.line("Uninhibit", within: .seconds(5)) { $0.hasPrefix("uninhibit ") }
        }

        @Test("held while playing and released at the end, through either service", arguments: ["gnome", "screensaver"])
        func releasedAtTheEnd(service: String) async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder(service, on: display)
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.short], display: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(45))
            let (inhibit, _) = try await session.line("Inhibit", within: .seconds(10)) { $0.hasPrefix("inhibit ") }
            let name = URL(fileURLWithPath: clips.short).lastPathComponent
            let caller = service == "gnome" ? "org.videotoy.VideoToy" : "VideoToy"
            #expect(inhibit.hasSuffix("app=\(caller) reason=Playing \(name)"), "\(inhibit)")
            _ = try await app.waitFor("finished", after: play, timeout: .seconds(45))
            try await session.line("Uninhibit", within: .seconds(5)) { $0.hasPrefix("uninhibit cookie=1") }
            _ = try await app.waitFor("wake") { $0.fields["held"]?.bool == false }
        }

        @Test("a screen saver service that answers after 1.5 s never holds up the window: no blocked stall, the hold comes")
        func slowService() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder("screensaver", on: display, delayMs: 1500)
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.snow], display: display,
                environment: Reliability.isolatedEnvironment().merging(["VIDEOTOY_STALL_MS": "400"]) { $1 })
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(45))
            try await session.line("Inhibit", within: .seconds(10)) { $0.hasPrefix("inhibit ") }
            // The reply is due 1.5 s after the call; the main thread must have gone on meanwhile.
            try await Task.sleep(for: .seconds(2))
            let blocked = Reliability.stalls(app, after: nil).filter {
                $0.fields["cause"]?.string == "blocked" && ($0.fields["ms"]?.int ?? 0) >= 1000
            }
            #expect(blocked.isEmpty, "\(blocked.map(\.line))")
            #expect(app.isRunning, "\(app.report())")
            _ = play
        }

        @Test("with no session service on the bus, the X server's screen saver stays off while playing, without a warning from GTK")
        func bareXServer() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.long], display: display)
            defer { app.terminate() }
            let held = try await app.waitFor("wake", timeout: .seconds(45)) { $0.fields["held"]?.bool == true }
            let state = PackagePaths.root.appendingPathComponent("scripts/x-screensaver-state").path
            // A one-second screen saver: idle for longer, the server would start it unless a client suspends it.
            try display.run(["xset", "s", "1", "0"])
            try await Task.sleep(for: .seconds(3))
            #expect(try display.run([state]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "off", "suspended while playing")

            try await Fixture.waitForKeyboard(display)
            try display.run(["xdotool", "key", "--clearmodifiers", "space"])
            _ = try await app.waitFor("wake", after: held) { $0.fields["held"]?.bool == false }
            try await Fixture.eventually("the screen saver starts once paused in the row", within: .seconds(15)) {
                try display.run([state]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "on"
            }
            #expect(!app.stderr.contains("cannot keep the screen on"), "\(app.stderr)")
            #expect(!app.stderr.contains("Inhibit"), "GTK was not asked without a session manager: \(app.stderr)")
        }

        @Test("turned off in Preferences while a video plays: released at once, and remembered")
        func turnedOffInPreferences() async throws {
            let config = try EndToEnd.FrontEndTests.configFolder(settings: "")
            defer { try? FileManager.default.removeItem(at: config) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder("gnome", on: display)
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--play", clips.long], display: display,
                environment: ["GTK_A11Y": "atspi", "XDG_CONFIG_HOME": config.path])
            defer { app.terminate() }
            try await session.line("Inhibit", within: .seconds(45)) { $0.hasPrefix("inhibit ") }
            _ = try await app.waitFor("ready", timeout: .seconds(45))
            try await Fixture.waitForKeyboard(display)
            try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+comma"])
            try await Fixture.waitForWindow(display, named: "Preferences", within: .seconds(45))
            // Pressed as a screen reader user would, through AT-SPI, retried until the switch shows; the switch's
            // accessible name is its row's title and its own, and the row itself has no action.
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let deadline = ContinuousClock.now + .seconds(20)
            while (try? display.run([script, "videotoy", "--press", "Keep the screen on while playing Keep the screen on while playing"]))
                == nil
            {
                guard ContinuousClock.now < deadline else { throw HarnessError("no switch \"Keep the screen on while playing\"") }
                try await Task.sleep(for: .milliseconds(200))
            }
            try await session.line("Uninhibit", within: .seconds(5)) { $0.hasPrefix("uninhibit ") }
            try await Fixture.eventually("the settings file says keep-awake=false") {
                let text = (try? String(contentsOf: config.appendingPathComponent("videotoy/settings.ini"), encoding: .utf8)) ?? ""
                return text.contains("keep-awake=false")
            }
            #expect(app.events().contains { $0.name == "play" } && !app.events().contains { $0.name == "pause" }, "still playing")
        }

        @Test("with the preference off, no call is made")
        func preferenceOff() async throws {
            let config = try EndToEnd.FrontEndTests.configFolder(settings: "[preferences]\nkeep-awake=false\n")
            defer { try? FileManager.default.removeItem(at: config) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let session = try await SessionInhibitRecorder("gnome", on: display)
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.short], display: display, environment: ["XDG_CONFIG_HOME": config.path])
            defer { app.terminate() }
            _ = try await app.waitFor("finished", timeout: .seconds(45))
            try await Task.sleep(for: .seconds(1))
            #expect(session.calls.isEmpty, "\(session.calls)")
            #expect(!app.events().contains { $0.name == "wake" })
        }
    }
}

extension EndToEnd.WakeTests {
    @Test("on headless sway, sway's tree says the playing window inhibits idle, and not with the preference off", arguments: [true, false])
    func swayIdleInhibitor(enabled: Bool) async throws {
        let config = try EndToEnd.FrontEndTests.configFolder(settings: "[preferences]\nkeep-awake=\(enabled)\n")
        defer { try? FileManager.default.removeItem(at: config) }
        let sway = try SwayDisplay()
        defer { sway.stop() }
        // A bus of its own, with no session manager: on Wayland GTK inhibits idle on the window's surface.
        let bus = try PrivateSessionBus()
        let address = bus.address
        let clips = Fixture.clips
        let app = try AppProcess(
            arguments: ["--play", clips.long], display: nil,
            environment: sway.clientEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": config.path]) { $1 })
        defer { app.terminate() }
        _ = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clips.long }
        if enabled {
            try await Fixture.eventually("sway says the window inhibits idle", within: .seconds(10)) {
                try sway.idleInhibitingApps() == ["org.videotoy.VideoToy"]
            }
            #expect(!app.stderr.contains("Inhibit"), "no warning from GTK: \(app.stderr)")
        } else {
            _ = try await app.waitFor("first-frame", timeout: .seconds(45))
            try await Task.sleep(for: .seconds(1))
            #expect(try sway.idleInhibitingApps().isEmpty)
        }
    }
}

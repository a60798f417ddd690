import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The sound follows the picture, through a private PulseAudio whose null sink `hdmi` reports the virtual screen
    /// DUMMY1 (no EDID: GTK reports no make and the model DUMMY1) as its monitor.
    @Suite("Audio route")
    struct AudioRouteTests {
        static let hdmi = ["hdmi": "DUMMY1"]

        /// Waits for an `audio-route` event to `output` (nil: the default output) after `after`.
        func audioRoute(_ app: AppProcess, to output: String?, reason: String, after: AppProcess.Event? = nil) async throws
            -> AppProcess.Event
        {
            try await app.waitFor("audio-route", after: after) { event in
                event.fields["output"]?.string == output && event.fields["reason"]?.string == reason
            }
        }

        @Test("plugged while playing: the app's stream moves to the screen's HDMI sink and back, without a restart")
        func followsTheScreen() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let sound = try await SoundServer(hdmi: Self.hdmi)
            defer { sound.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: ["--reconnect-grace", "0", "--play", clips.snow, clips.folder], display: display,
                environment: sound.environment)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "laptop"), "the stream starts on the laptop")

            try display.plug("DUMMY1", modes: ["1280x720"])
            let moved = try await app.waitFor("route", after: play) { $0.fields["to"]?.string == "DUMMY1" }
            let out = try await audioRoute(app, to: "hdmi", reason: "screen", after: play)
            #expect(out.path == clips.snow)
            #expect(out.fields["description"]?.string == "HDMI hdmi")
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "hdmi"), "the stream is on the HDMI sink")

            try display.unplug("DUMMY1")
            let back = try await app.waitFor("route", after: moved) { $0.fields["to"]?.string == "row" }
            _ = try await audioRoute(app, to: nil, reason: "default", after: out)
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "laptop"), "the stream is back on the laptop")
            let positions = [play, moved, back].map { $0.fields["position_ms"]?.int ?? -1 }
            #expect(positions == positions.sorted(), "the position never goes back: \(positions)")
            #expect(app.events().filter { $0.name == "play" }.count == 1, "playback never restarted")
            #expect(app.isRunning)
        }

        @Test("the sound server knows the stream as VideoToy's, with its icon, its ID and the video role")
        func namesTheStream() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let sound = try await SoundServer(hdmi: [:])
            defer { sound.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display, environment: sound.environment)
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "laptop"), "the stream starts on the laptop")
            let streams = try sound.streamProperties(ofProcess: app.pid)
            #expect(streams.count == 1, "\(streams)")
            for stream in streams {
                #expect(stream["application.name"] == "VideoToy", "\(stream)")
                #expect(stream["application.icon_name"] == "org.videotoy.VideoToy", "\(stream)")
                #expect(stream["application.id"] == "org.videotoy.VideoToy", "\(stream)")
                #expect(stream["media.role"] == "video", "\(stream)")
            }
        }

        /// Presses the control named `label` through AT-SPI, as a screen reader user would; retried until it shows.
        func press(_ label: String, on display: VirtualDisplay, timeout: Duration = .seconds(10)) async throws {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let deadline = ContinuousClock.now + timeout
            // Until the app is on the accessibility bus and the control shows, the script says so and fails.
            while true {
                do {
                    try display.run([script, "videotoy", "--press", label])
                    return
                } catch {
                    guard ContinuousClock.now < deadline else {
                        let tree = (try? display.run([script, "videotoy"]).output) ?? "unreadable"
                        throw HarnessError("\(error)\naccessible tree:\n\(tree)")
                    }
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
        }

        @Test("the user's choice in the presenter panel wins over the match and is remembered after a relaunch")
        func userChoiceRemembered() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let sound = try await SoundServer(hdmi: Self.hdmi)
            defer { sound.stop() }
            let clips = Fixture.clips
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-config-\(UUID())").path
            defer { try? FileManager.default.removeItem(atPath: config) }
            let environment = sound.environment.merging(["XDG_CONFIG_HOME": config, "GTK_A11Y": "atspi"]) { $1 }
            try display.plug("DUMMY1", modes: ["1280x720"])

            // Full controls stay on screen (faded ones are not in the accessible tree); on DUMMY1 they are the panel.
            let app = try AppProcess(
                arguments: ["--controls", "full", "--play", clips.snow, clips.folder], display: display, environment: environment)
            let followed = try await audioRoute(app, to: "hdmi", reason: "screen")
            try await press("Audio output", on: display)
            try await press("Laptop", on: display)
            let chosen = try await audioRoute(app, to: "laptop", reason: "user", after: followed)
            #expect(chosen.path == clips.snow)
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "laptop"), "the user's choice wins over the match")
            #expect(app.terminate() == 0)
            let settings = try String(contentsOfFile: config + "/videotoy/settings.ini", encoding: .utf8)
            #expect(settings.contains("[audio]\nDUMMY1%09%09DUMMY1=laptop"), "remembered for DUMMY1's identity: \(settings)")

            let again = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display, environment: environment)
            let moved = try await again.waitFor("route", timeout: .seconds(20)) { $0.fields["to"]?.string == "DUMMY1" }
            _ = try await again.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == "DUMMY1" }
            #expect(try await sound.waitForStreams(ofProcess: again.pid, on: "laptop"), "the remembered choice keeps the laptop")
            #expect(!again.events().contains { $0.name == "audio-route" && $0.fields["output"]?.string == "hdmi" })
            _ = again.terminate()

            let forced = try AppProcess(
                arguments: ["--audio-output=hdmi", "--play", clips.snow, clips.folder], display: display, environment: environment)
            defer { forced.terminate() }
            _ = try await audioRoute(forced, to: "hdmi", reason: "user")
            #expect(try await sound.waitForStreams(ofProcess: forced.pid, on: "hdmi"), "--audio-output wins for this run")
        }

        @Test("--check lists the sound server's outputs and the monitor the HDMI output reports")
        func checkListsOutputs() async throws {
            let sound = try await SoundServer(hdmi: Self.hdmi)
            defer { sound.stop() }
            let result = try Command.check(
                [AppProcess.defaultBinary.path, "--check", "--no-network-screens"],
                extraEnvironment: sound.environment.merging(["DISPLAY": ""]) { $1 })
            #expect(
                result.output.contains("Sound server outputs:\n  laptop: Laptop\n  hdmi: HDMI hdmi — monitor \"DUMMY1\"\n"),
                "\(result.output)")
        }

        @Test("the sound server killed while playing: the video goes on, silent, and says so once")
        func serverKilled() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let sound = try await SoundServer(hdmi: Self.hdmi)
            defer { sound.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display, environment: sound.environment)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            #expect(try await sound.waitForStreams(ofProcess: app.pid, on: "laptop"))
            sound.kill()
            let deadline = ContinuousClock.now + .seconds(10)
            while !app.stderr.contains("the sound server went away"), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(app.stderr.components(separatedBy: "the sound server went away: the video plays silently").count == 2, "\(app.stderr)")
            let window = try Fixture.mainWindow(display)
            let moving = try await Fixture.motion(display, in: Fixture.slotColumn(window), needed: 0.02)
            #expect(moving > 0.02, "the video still advances (\(moving))")
            #expect(!app.events().contains { $0.name == "error" && $0.index > play.index }, "no playback error")
            try display.run(["xdotool", "key", "--clearmodifiers", "space"])
            let paused = try await app.waitFor("pause", after: play) { $0.path == clips.snow }
            #expect((paused.fields["position_ms"]?.int ?? 0) > (play.fields["position_ms"]?.int ?? 0))
            #expect(app.isRunning)
        }
    }
}

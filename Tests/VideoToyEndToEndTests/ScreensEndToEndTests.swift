import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The playing video follows monitors plugged and unplugged for real (Xorg dummy outputs).
    @Suite("External screens")
    struct ScreensTests {
        /// Waits for a `route` event of `path` to `to` after `after`.
        func route(
            _ app: AppProcess, _ path: String, to: String, after: AppProcess.Event? = nil,
            timeout: Duration = .seconds(15)
        ) async throws -> AppProcess.Event {
            try await app.waitFor("route", after: after, timeout: timeout) { $0.path == path && $0.fields["to"]?.string == to }
        }

        @Test("plugged during playback: the video moves to the monitor and keeps playing; unplugged: it comes back")
        func plugAndUnplugDuringPlayback() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--reconnect-grace", "0", "--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }

            try display.plug("DUMMY1", modes: ["1280x720", "1920x1080"])
            let connected = try await app.waitFor("screen-connected", after: play) { $0.fields["connector"]?.string == "DUMMY1" }
            let moved = try await route(app, clips.snow, to: "DUMMY1", after: play)
            let arrived = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == "DUMMY1" }
            #expect((moved.fields["position_ms"]?.int ?? 0) >= (play.fields["position_ms"]?.int ?? 0))
            #expect(app.events().filter { $0.name == "play" && $0.path == clips.snow }.count == 1, "no restart")
            let external = try await Fixture.motion(display, crop: "DUMMY1", needed: 0.2)
            #expect(external > 0.2, "frames advance on DUMMY1 (\(external))")
            print("handoff to screen: \(Int(arrived.tMs - connected.tMs)) ms from screen-connected to first frame")

            try display.unplug("DUMMY1")
            let back = try await route(app, clips.snow, to: "row", after: arrived)
            let home = try await app.waitFor("first-frame", after: back) { $0.fields["window"]?.string == "main" }
            #expect((back.fields["position_ms"]?.int ?? 0) >= (moved.fields["position_ms"]?.int ?? 0), "position never goes back")
            let window = try Fixture.mainWindow(display)
            let slots = Fixture.slotColumn(window)
            let inRow = try await Fixture.motion(display, in: slots, needed: 0.02)
            #expect(inRow > 0.02, "frames advance in the row again (\(inRow))")
            #expect(app.events().contains { $0.name == "scene-close" && $0.fields["connector"]?.string == "DUMMY1" })
            print("handoff back: \(Int(home.tMs - back.tMs)) ms from disconnect route to first frame in the row")
        }

        @Test("a monitor present before launch gets the idle scene, then the selected video at its best mode, restored on exit")
        func presentBeforeLaunchWithBestMode() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            try display.plug("DUMMY1", modes: ["1280x720", "1920x1080"])
            try display.xrandr(["--output", "DUMMY1", "--mode", "1280x720_60"])
            _ = try display.query()
            #expect(try display.monitor("DUMMY1")?.currentMode?.width == 1280)

            let app = try AppProcess(arguments: [clips.folder], display: display)
            let scene = try await app.waitFor("scene-open") { $0.fields["connector"]?.string == "DUMMY1" }
            let modeSet = try await app.waitFor("mode-set") { $0.fields["connector"]?.string == "DUMMY1" }
            #expect(modeSet.fields["mode"]?.string?.hasPrefix("1920x1080") == true)
            _ = scene
            try await Task.sleep(for: .seconds(1))
            let idle = try display.screenshot(crop: "DUMMY1")
            #expect(idle.width == 1920 && idle.height == 1080, "the screen runs its best mode")
            let brightText = idle.fraction { $0.r > 150 && $0.g > 150 && $0.b > 150 }
            #expect(brightText > 0.001 && brightText < 0.2, "the idle scene shows its text on black (\(brightText))")

            try display.run(["xdotool", "key", "--clearmodifiers", "Return"])
            let first = app.events().first { $0.name == "library" }
            _ = first
            let moved = try await app.waitFor("route", timeout: .seconds(20)) { $0.fields["to"]?.string == "DUMMY1" }
            _ = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == "DUMMY1" }

            #expect(app.terminate() == 0)
            #expect(app.events().contains { $0.name == "mode-restored" && $0.fields["mode"]?.string?.hasPrefix("1280x720") == true })
            #expect(try display.monitor("DUMMY1")?.currentMode?.width == 1280, "the previous mode is back after exit")
        }

        @Test("switching videos with an external screen sends the old one home paused and the new one out")
        func switchWhileConnected() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            try display.plug("DUMMY1", modes: ["1280x720"])
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            let out = try await route(app, clips.snow, to: "DUMMY1", timeout: .seconds(20))
            _ = try await app.waitFor("first-frame", after: out) { $0.fields["window"]?.string == "DUMMY1" }
            try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"])
            let home = try await route(app, clips.snow, to: "row", after: out)
            let next = try await route(app, clips.ball, to: "DUMMY1", after: out)
            _ = try await app.waitFor("pause", after: out) { $0.path == clips.snow }
            _ = try await app.waitFor("first-frame", after: next) { $0.fields["window"]?.string == "DUMMY1" }
            #expect(home.index < next.index || home.tMs <= next.tMs)
            try await Task.sleep(for: .milliseconds(500))
            let shot = try display.screenshot(crop: "DUMMY1")
            let mean = shot.meanColor()
            #expect(mean.r < 60 && mean.g < 60 && mean.b < 60, "the ball clip (mostly black) is on DUMMY1, not the snow (\(mean))")
        }

        @Test("a storm of flaps while switching ends with the route matching the final monitors")
        func flapStorm() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--reconnect-grace", "0.3", "--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            for index in 0..<12 {
                try display.plug("DUMMY1", modes: ["1280x720"])
                if index == 5 { try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"]) }
                try display.unplug("DUMMY1")
            }
            try display.plug("DUMMY1", modes: ["1280x720"])
            let final = try await route(app, clips.ball, to: "DUMMY1", timeout: .seconds(20))
            _ = try await app.waitFor("first-frame", after: final) { $0.fields["window"]?.string == "DUMMY1" }
            try await Task.sleep(for: .seconds(1))
            #expect(app.isRunning)
            let routes = app.events().filter { $0.name == "route" }
            #expect(routes.last?.path == clips.ball && routes.last?.fields["to"]?.string == "DUMMY1")
            let opens = app.events().filter { $0.name == "scene-open" }.count
            let closes = app.events().filter { $0.name == "scene-close" }.count
            #expect(opens == closes + 1, "exactly one scene is left open (\(opens) opened, \(closes) closed)")
            let moving = try await Fixture.motion(display, crop: "DUMMY1", needed: 0.002)
            #expect(moving > 0.002, "the ball advances on DUMMY1 (\(moving))")
        }
    }
}

extension EndToEnd.ScreensTests {
    @Test("a remembered screen wins over the most recent one, a fallback does not overwrite it, and the video returns to it")
    func rememberedScreen() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-config-\(UUID())").path
        try FileManager.default.createDirectory(atPath: config + "/videotoy", withIntermediateDirectories: true)
        let settings = config + "/videotoy/settings.ini"
        let saved = "[screen]\nconnector=DUMMY1\nmanufacturer=\nmodel=DUMMY1\n"
        try saved.write(toFile: settings, atomically: true, encoding: .utf8)
        try display.plug("DUMMY1", modes: ["1280x720"])
        try display.plug("DUMMY2", modes: ["1024x768"])

        let app = try AppProcess(
            arguments: ["--reconnect-grace", "0", "--play", clips.snow, clips.folder], display: display,
            environment: ["XDG_CONFIG_HOME": config])
        defer { app.terminate() }
        let first = try await route(app, clips.snow, to: "DUMMY1", timeout: .seconds(20))
        try display.unplug("DUMMY1")
        let fallback = try await route(app, clips.snow, to: "DUMMY2", after: first)
        try display.plug("DUMMY1", modes: ["1280x720"])
        let back = try await route(app, clips.snow, to: "DUMMY1", after: fallback)
        _ = try await app.waitFor("first-frame", after: back) { $0.fields["window"]?.string == "DUMMY1" }
        let kept = try String(contentsOfFile: settings, encoding: .utf8)
        #expect(kept.contains("connector=DUMMY1") && !kept.contains("DUMMY2"), "the fallback never overwrote the choice")
        #expect(!app.events().contains { $0.name == "screen-chosen" })
    }
}

import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyMedia

/// Monitors plugged and unplugged at the worst moments, and a long run of play, pause and switch while they flap.
extension Reliability {
    /// Waits until the app has logged no route, scene or screen event for `quiet`, then returns the events.
    static func settle(_ app: AppProcess, quiet: Duration = .milliseconds(1500), timeout: Duration = .seconds(20)) async throws {
        let names: Set<String> = ["route", "scene-open", "scene-close", "screen-connected", "screen-disconnected", "first-frame"]
        let deadline = ContinuousClock.now + timeout
        var lastCount = -1, lastChange = ContinuousClock.now
        while ContinuousClock.now < deadline {
            // A dead app logs nothing more, which would look settled: that is a failure of its own.
            if !app.isRunning { throw HarnessError("the app ended while screens changed\n" + app.report()) }
            let count = app.events().filter { names.contains($0.name) }.count
            if count != lastCount { (lastCount, lastChange) = (count, ContinuousClock.now) }
            if ContinuousClock.now - lastChange >= quiet { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw HarnessError("the app kept routing for \(timeout)\n" + app.report())
    }

    /// Checks the end state after screens changed: the selected video's last route, open scenes and windows.
    static func expectFinalState(
        _ app: AppProcess, on display: VirtualDisplay, playing path: String, external: String?,
        baselineWindows: Int, label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let events = app.events()
        #expect(app.isRunning && !app.wasKilledBySignal, "\(label): the app died\n\(app.report())", sourceLocation: sourceLocation)
        let routes = events.filter { $0.name == "route" && $0.path == path }
        let last = routes.last?.fields["to"]?.string ?? "row"
        #expect(last == (external ?? "row"), "\(label): last route \(last), expected \(external ?? "row")", sourceLocation: sourceLocation)
        let opens = events.filter { $0.name == "scene-open" }.count, closes = events.filter { $0.name == "scene-close" }.count
        #expect(
            opens - closes == (external == nil ? 0 : 1), "\(label): \(opens) scenes opened, \(closes) closed",
            sourceLocation: sourceLocation)
        let windows = Reliability.windows(of: app, on: display)
        #expect(
            windows == baselineWindows + (external == nil ? 0 : 1), "\(label): \(windows) visible windows, baseline \(baselineWindows)",
            sourceLocation: sourceLocation)
    }

    /// Plugs and unplugs `output` `times` times, one change every `gap` (kept to schedule however long xrandr takes),
    /// ending plugged if `endPlugged`; `during` runs after each plug.
    static func flap(
        _ display: VirtualDisplay, _ output: String, times: Int, gap: Duration, endPlugged: Bool,
        during: ((Int) throws -> Void)? = nil
    ) async throws {
        let start = ContinuousClock.now
        func onSchedule(_ change: Int) async throws {
            let due = start + gap * change
            if ContinuousClock.now < due { try await Task.sleep(until: due) }
        }
        for index in 0..<times {
            try await onSchedule(2 * index)
            try display.plug(output, modes: ["1280x720"])
            try during?(index)
            try await onSchedule(2 * index + 1)
            try display.unplug(output)
        }
        if endPlugged {
            try await onSchedule(2 * times)
            try display.plug(output, modes: ["1280x720"])
        }
    }
}

extension EndToEnd {
    /// Hotplug at the worst moments: every run ends with the video where the final monitors say, and no leaked window.
    @Suite("Screens under stress")
    struct ScreenStressTests {
        /// Starts the app playing the snow clip on DUMMY0 alone; returns it with its visible-window baseline.
        func launch(_ display: VirtualDisplay, _ extra: [String] = []) async throws -> (AppProcess, AppProcess.Event, Int) {
            let clips = Fixture.clips
            let app = try AppProcess(
                arguments: extra + ["--play", clips.snow, clips.folder], display: display,
                environment: Reliability.isolatedEnvironment())
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            try await Reliability.settle(app)
            return (app, play, Reliability.windows(of: app, on: display))
        }

        @Test("a monitor unplugged while the move to it is still pending", arguments: [0, 30, 80, 150, 300])
        func unplugWhileMovePending(delayMs: Int) async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, play, windows) = try await launch(display, ["--reconnect-grace", "0"])
            defer { app.terminate() }
            try display.plug("DUMMY1", modes: ["1280x720"])
            if delayMs > 0 { try await Task.sleep(for: .milliseconds(delayMs)) }
            try display.unplug("DUMMY1")
            try await Reliability.settle(app)
            Reliability.expectFinalState(
                app, on: display, playing: Fixture.clips.snow, external: nil, baselineWindows: windows,
                label: "unplugged \(delayMs) ms after plugging")
            #expect(
                Reliability.appStalls(app, after: play).isEmpty, "\(Reliability.explain(Reliability.stalls(app, after: play), in: app))")
            // Still playing in its row.
            let window = try Fixture.mainWindow(display)
            let slots = Fixture.slotColumn(window)
            let motion = try await Fixture.motion(display, in: slots, needed: 0.02)
            #expect(motion > 0.02, "frames advance in the row (\(motion))")
        }

        @Test("a monitor unplugged while its video is fullscreen on it, and while the main window is fullscreen")
        func unplugDuringFullscreen() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            // The main window fullscreen on DUMMY0; a monitor arrives, takes the video, and leaves again.
            let (app, play, windows) = try await launch(display, ["--fullscreen", "--reconnect-grace", "0"])
            defer { app.terminate() }
            let fullscreen = app.events().last { $0.name == "fullscreen" }
            #expect(fullscreen?.fields["on"]?.bool == true, "started fullscreen")
            try display.plug("DUMMY1", modes: ["1280x720"])
            let out = try await app.waitFor("route", after: play) { $0.fields["to"]?.string == "DUMMY1" }
            _ = try await app.waitFor("first-frame", after: out) { $0.fields["window"]?.string == "DUMMY1" }
            let left = app.events().first { $0.index > fullscreen?.index ?? 0 && $0.name == "fullscreen" }
            #expect(left?.fields["on"]?.bool == false, "the main window's fullscreen ends when the video moves out")
            try display.unplug("DUMMY1")
            let home = try await app.waitFor("route", after: out) { $0.fields["to"]?.string == "row" }
            // It was presented fullscreen on the laptop, so that is where it comes back.
            let back = try await app.waitFor("fullscreen", after: home) { $0.fields["on"]?.bool == true }
            _ = try await app.waitFor("first-frame", after: back) { $0.fields["window"]?.string == "main" }
            try await Reliability.settle(app)
            let events = app.events()
            print(
                "fullscreen then unplug: \(events.filter { ["fullscreen", "route", "scene-open", "scene-close"].contains($0.name) }.map(\.line))"
            )
            #expect(app.isRunning)
            let opens = events.filter { $0.name == "scene-open" }.count, closes = events.filter { $0.name == "scene-close" }.count
            #expect(opens == closes)
            // The fullscreen window came back; apart from it no window may be left behind.
            let after = Reliability.windows(of: app, on: display)
            #expect(after <= windows, "\(after) visible windows, \(windows) at the start")
            #expect(
                Reliability.appStalls(app, after: play).isEmpty, "\(Reliability.explain(Reliability.stalls(app, after: play), in: app))")
            _ = clips
        }

        @Test("a monitor plugged twice quickly, and two monitors plugged at once")
        func pluggedTwiceQuickly() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, play, windows) = try await launch(display)
            defer { app.terminate() }
            try display.plug("DUMMY1", modes: ["1280x720"])
            try display.unplug("DUMMY1")
            try display.plug("DUMMY1", modes: ["1920x1080"])
            try await Reliability.settle(app)
            Reliability.expectFinalState(
                app, on: display, playing: Fixture.clips.snow, external: "DUMMY1", baselineWindows: windows,
                label: "plug, unplug, plug")
            try display.plug("DUMMY2", modes: ["1024x768"])
            try display.plug("DUMMY3", modes: ["1280x720"])
            try await Reliability.settle(app)
            // The most recently connected external screen gets the scene.
            Reliability.expectFinalState(
                app, on: display, playing: Fixture.clips.snow, external: "DUMMY3", baselineWindows: windows,
                label: "two more at once")
            #expect(
                Reliability.appStalls(app, after: play).isEmpty, "\(Reliability.explain(Reliability.stalls(app, after: play), in: app))")
        }

        @Test("50 flaps in 10 s during playback, ending unplugged and ending plugged", arguments: [false, true])
        func flapsDuringPlayback(endPlugged: Bool) async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, play, windows) = try await launch(display)
            defer { app.terminate() }
            let start = ContinuousClock.now
            try await Reliability.flap(display, "DUMMY1", times: 50, gap: .milliseconds(100), endPlugged: endPlugged)
            // How long the harness's own xrandr calls took: reported, not asserted, since a loaded machine slows them.
            let took = ContinuousClock.now - start
            try await Reliability.settle(app)
            Reliability.expectFinalState(
                app, on: display, playing: Fixture.clips.snow, external: endPlugged ? "DUMMY1" : nil,
                baselineWindows: windows, label: "50 flaps")
            let stalls = Reliability.stalls(app, after: play)
            #expect(Reliability.appStalls(app, after: play).isEmpty, "\(Reliability.explain(stalls, in: app))")
            print(
                "50 flaps (end plugged: \(endPlugged)) in \(took): \(app.events().filter { $0.name == "route" }.count) routes, stalls \(stalls.map(\.line))"
            )
        }

        @Test("50 flaps in 10 s while switching videos")
        func flapsWhileSwitching() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, play, windows) = try await launch(display)
            defer { app.terminate() }
            try await Reliability.flap(display, "DUMMY1", times: 50, gap: .milliseconds(100), endPlugged: true) { index in
                // Every fifth flap the user picks the next (or previous) video.
                guard index % 5 == 2 else { return }
                try display.run(["xdotool", "key", "--clearmodifiers", index % 10 == 2 ? "Down" : "Up", "Return"])
            }
            try await Reliability.settle(app)
            // The video selected last is the one whose view the final monitor shows.
            let selected = try #require(app.events().last { $0.name == "play" }?.path)
            Reliability.expectFinalState(
                app, on: display, playing: selected, external: "DUMMY1", baselineWindows: windows,
                label: "50 flaps while switching")
            let stalls = Reliability.stalls(app, after: play)
            #expect(Reliability.appStalls(app, after: play).isEmpty, "\(Reliability.explain(stalls, in: app))")
        }
    }

    /// A long run: play, pause and switch 100 times while a monitor flaps; resources come back to the baseline.
    @Suite("Stress")
    struct StressTests {
        /// Rounds to run: 100, or `VIDEOTOY_STRESS_ROUNDS` for a longer soak (about 0.85 s per round).
        static let rounds = ProcessInfo.processInfo.environment["VIDEOTOY_STRESS_ROUNDS"].flatMap { Int($0) }.map { max(8, $0) } ?? 100

        @Test(
            "100 rounds of play, pause and switch with a flapping monitor leave no leak",
            .timeLimit(.minutes(StressTests.rounds > 200 ? 60 : 5)))
        func playPauseSwitch() async throws {
            let rounds = Self.rounds
            // Five clips, more than the three live players the policy keeps: switching also closes pipelines.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-stress-\(getpid())").path
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let patterns = ["snow", "ball", "smpte", "pinwheel", "gamut"]
            for (index, pattern) in patterns.enumerated() {
                try ClipFactory.make(
                    ClipSpec(width: 320, height: 180, durationMs: 20_000, fps: 15, audio: index % 2 == 0, pattern: pattern),
                    at: folder + "/\(index) \(pattern).mp4")
            }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let first = folder + "/0 snow.mp4"
            // Two malloc arenas: with glibc's default (8 per core) every short-lived streaming thread can leave a
            // fragmented arena behind, and RSS creeps up by about 14 MB per 100 rounds without any object leaking
            // (the leaks tracer finds only the 3 live playbins). Fewer arenas keep RSS flat, so growth here is a leak.
            var environment = Reliability.isolatedEnvironment()
            environment["MALLOC_ARENA_MAX"] = "2"
            let app = try AppProcess(arguments: ["--play", first, folder], display: display, environment: environment)
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == first }

            // Warm up: every clip played once, so caches, decoders and the three live players are at their steady state.
            func key(_ keys: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers"] + keys) }
            for _ in 0..<(patterns.count - 1) {
                try key("Down", "Return")
                try await Task.sleep(for: .milliseconds(700))
            }
            for _ in 0..<(patterns.count - 1) { try key("Up") }
            try key("Return")
            try await Reliability.settle(app)
            try await Task.sleep(for: .seconds(2))
            let baseline = Reliability.resources(of: app.pid)
            let baselineWindows = Reliability.windows(of: app, on: display, visibleOnly: false)
            let baselineStreaming = Reliability.threadNames(of: app.pid).filter { $0.contains(":src") || $0.contains(":sink") }.count
            let mark = app.events().last

            // A monitor flaps in the background the whole time.
            let flapper = Task {
                var plugged = false
                while !Task.isCancelled {
                    if plugged { try display.unplug("DUMMY1") } else { try display.plug("DUMMY1", modes: ["1280x720"]) }
                    plugged.toggle()
                    try await Task.sleep(for: .milliseconds(plugged ? 900 : 600))
                }
                if plugged { try display.unplug("DUMMY1") }
            }
            var rss: [Int] = []
            var position = 0
            let start = ContinuousClock.now
            for round in 0..<rounds {
                // Switch (down the list, wrapping back to the top), play, pause, play again.
                if position == patterns.count - 1 {
                    for _ in 0..<position { try key("Up") }
                    position = 0
                } else {
                    try key("Down")
                    position += 1
                }
                try key("Return")
                try await Task.sleep(for: .milliseconds(350))
                try key("space")
                try await Task.sleep(for: .milliseconds(150))
                try key("space")
                try await Task.sleep(for: .milliseconds(250))
                let stretch = max(1, rounds / 10)
                if round % stretch == stretch - 1 { rss.append(Reliability.resources(of: app.pid).rssKiB) }
                #expect(app.isRunning, "died in round \(round)\n\(app.report())")
                if !app.isRunning { return }
            }
            let took = ContinuousClock.now - start
            flapper.cancel()
            _ = await flapper.result
            try display.unplug("DUMMY1")
            try key("space")
            try await Reliability.settle(app)
            try await Task.sleep(for: .seconds(3))

            let after = Reliability.resources(of: app.pid)
            let windows = Reliability.windows(of: app, on: display, visibleOnly: false)
            let streaming = Reliability.threadNames(of: app.pid).filter { $0.contains(":src") || $0.contains(":sink") }.count
            let events = app.events().filter { $0.index > (mark?.index ?? -1) }
            let plays = events.filter { $0.name == "play" }.count, errors = events.filter { $0.name == "error" }
            let stalls = events.filter { $0.name == "stall" }
            let appStalls = Reliability.appStalls(app, after: mark)
            print(
                """
                STRESS \(rounds) rounds in \(took): plays \(plays), routes \(events.filter { $0.name == "route" }.count), \
                scenes \(events.filter { $0.name == "scene-open" }.count), errors \(errors.count), stalls \(stalls.count) \
                (max \(stalls.compactMap { $0.fields["ms"]?.int }.max() ?? 0) ms)
                STRESS baseline fds \(baseline.fds) threads \(baseline.threads) streaming \(baselineStreaming) windows \(baselineWindows) \
                rss \(baseline.rssKiB / 1024) MiB
                STRESS after    fds \(after.fds) threads \(after.threads) streaming \(streaming) windows \(windows) \
                rss \(after.rssKiB / 1024) MiB; rss every \(max(1, rounds / 10)) rounds \(rss.map { $0 / 1024 }) MiB
                """)
            #expect(errors.isEmpty, "\(errors.map(\.line))")
            #expect(appStalls.isEmpty, "\(Reliability.explain(appStalls, in: app))")
            #expect(plays >= rounds, "each round plays")
            #expect(after.fds <= baseline.fds + 8, "descriptors: \(baseline.fds) → \(after.fds)")
            #expect(after.threads <= baseline.threads + 8, "threads: \(baseline.threads) → \(after.threads)")
            #expect(streaming <= baselineStreaming + 2, "GStreamer streaming threads: \(baselineStreaming) → \(streaming)")
            #expect(windows <= baselineWindows, "X windows: \(baselineWindows) → \(windows)")
            // RSS after 100 rounds is bounded, not flat: runs of one commit read 12 to 21 MiB more at the end than
            // after the first 10 rounds, with the allocator's steps of 8 to 13 MiB (sometimes two in a row, sometimes
            // one given back), so within 100 rounds no trend check can tell a leak of 250 KiB a round from them.
            // The slow growth itself belongs to the performance work (issue 16: at most 5 % over 100 cycles).
            // Under AddressSanitizer (scripts/asan) freed memory waits in its quarantine, so RSS says nothing about leaks there.
            let sanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
            if !sanitized {
                #expect(after.rssKiB < baseline.rssKiB + 40 * 1024, "RSS \(baseline.rssKiB / 1024) → \(after.rssKiB / 1024) MiB")
            }
            let scenes = app.events().filter { $0.name == "scene-open" }.count - app.events().filter { $0.name == "scene-close" }.count
            #expect(scenes == 0, "scenes left open: \(scenes)")
        }
    }
}

import Foundation
import Testing
import VideoToyAppTesting

/// The display backends the screen scenarios run on.
enum ScreenBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Xorg's dummy driver with openbox.
    case x11
    /// GNOME's compositor, headless, with ScreenCast virtual monitors.
    case wayland

    /// Starts a display of this kind.
    func start() throws -> any TestDisplay {
        switch self {
        case .x11: try VirtualDisplay()
        case .wayland: try MutterDisplay()
        }
    }

    var testDescription: String { rawValue }
}

extension EndToEnd {
    /// The screen scenarios that matter, written once and run on X11 and on Wayland (headless mutter) with the same
    /// assertions: the app's events (connections, scenes, routes, first frames, positions) and MPRIS's position.
    @Suite("Screens on every backend")
    struct ScreenBackendsTests {
        /// Waits until MPRIS reports the position at least `by` ms past where it was: frames keep coming.
        func advances(on display: any TestDisplay, by milliseconds: Int64 = 300) async throws -> Bool {
            let mpris = MPRISClient(on: display)
            try await mpris.waitForName()
            let start = try mpris.position()
            // Generous: with a load average near 25 on two cores, playback still advances, only slowly.
            let later = try await mpris.poll({ try mpris.position() }, timeout: .seconds(30)) { $0 >= start + milliseconds * 1000 }
            return later >= start + milliseconds * 1000
        }

        /// The fraction of the monitor's pixels that change between a first screenshot and a later one; screenshots
        /// are retaken until one differs by more than `needed`, or `within` has passed (the largest seen then).
        func motion(on display: any TestDisplay, _ connector: String, needed: Double = 0.2, within: Duration = .seconds(15)) async throws
            -> Double
        {
            let first = try display.screenshot(ofMonitor: connector)
            let deadline = ContinuousClock.now + within
            var best = 0.0
            repeat {
                try await Task.sleep(for: .milliseconds(300))
                let fraction = try display.screenshot(ofMonitor: connector).fractionDiffering(from: first, tolerance: 24)
                if fraction > needed { return fraction }
                best = max(best, fraction)
            } while ContinuousClock.now < deadline
            return best
        }

        /// Waits until the last route of `path` is to its row and every scene opened was closed; returns the last event.
        func settle(_ app: AppProcess, _ path: String, _ what: String) async throws -> AppProcess.Event? {
            do {
                try await Fixture.eventually("\(what): the video home and every scene closed", within: .seconds(30)) {
                    guard app.isRunning else { throw HarnessError("the app ended") }
                    let events = app.events()
                    let home = events.last { $0.name == "route" && $0.path == path }?.fields["to"]?.string == "row"
                    return home && events.filter { $0.name == "scene-open" }.count == events.filter { $0.name == "scene-close" }.count
                }
            } catch {
                let screens = ["screen-connected", "screen-disconnected", "scene-open", "scene-close", "route"]
                let last = app.events().filter { screens.contains($0.name) }.suffix(8)
                throw HarnessError("\(error); last screen events: \(last)\n" + app.report())
            }
            return app.events().last
        }

        /// The first screen connected after `after` that is not the main one: its connector.
        func external(_ app: AppProcess, after: AppProcess.Event? = nil) async throws -> String {
            let scene = try await app.waitFor("scene-open", after: after, timeout: .seconds(20))
            return scene.fields["connector"]?.string ?? ""
        }

        func route(_ app: AppProcess, _ path: String, to: String, after: AppProcess.Event? = nil) async throws -> AppProcess.Event {
            try await app.waitFor("route", after: after, timeout: .seconds(20)) { $0.path == path && $0.fields["to"]?.string == to }
        }

        /// The app runs on the backend asked for, can set modes there, and every `screen-connected` lists the
        /// monitor's modes.
        func expectModesReported(_ app: AppProcess, _ backend: ScreenBackend) async throws {
            let check = try await app.waitFor("check", timeout: .seconds(20))
            #expect(check.fields["session"]?.string == backend.rawValue)
            #expect(check.fields["mode_api"]?.string == (backend == .x11 ? "RandR" : "GNOME DisplayConfig"))
            #expect(
                !app.events().contains { $0.name == "mode-unavailable" },
                "\(backend): \(app.events().filter { $0.name == "mode-unavailable" })")
            let connected = app.events().filter { $0.name == "screen-connected" }
            #expect(!connected.isEmpty)
            for event in connected {
                let modes = event.fields["modes"]?.array ?? []
                #expect(!modes.isEmpty, "\(backend): modes reported for \(event)")
            }
        }

        @Test("a monitor present before launch: the playing video opens on it", arguments: ScreenBackend.allCases)
        func presentBeforeLaunch(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            _ = try display.plugExternal("1920x1080")
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], on: display)
            defer { app.terminate() }
            let connector = try await external(app)
            let moved = try await route(app, clips.snow, to: connector)
            _ = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == connector }
            #expect(try await advances(on: display), "\(backend): frames advance")
            let connected = app.events().first { $0.name == "screen-connected" && $0.fields["connector"]?.string == connector }
            #expect(connected?.fields["geometry"]?.string?.hasPrefix("1920x1080") == true, "\(backend): \(String(describing: connected))")
            try await expectModesReported(app, backend)
            #expect(app.events().filter { $0.name == "play" && $0.path == clips.snow }.count == 1, "no restart")
        }

        @Test("plugged and unplugged during playback: the video goes out and comes back", arguments: ScreenBackend.allCases)
        func plugAndUnplug(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--reconnect-grace", "0", "--play", clips.snow, clips.folder], on: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            _ = try await app.waitFor("first-frame", timeout: .seconds(20)) { $0.fields["window"]?.string == "main" }
            let handle = try display.plugExternal("1280x720")
            let connector = try await external(app, after: play)
            let moved = try await route(app, clips.snow, to: connector, after: play)
            let arrived = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == connector }
            #expect((moved.fields["position_ms"]?.int ?? 0) >= (play.fields["position_ms"]?.int ?? 0))
            #expect(try await advances(on: display), "\(backend): frames advance on \(connector)")
            let external = try await motion(on: display, connector)
            #expect(external > 0.2, "\(backend): the snow moves on \(connector) (\(external))")

            try display.unplugExternal(handle)
            let back = try await route(app, clips.snow, to: "row", after: arrived)
            _ = try await app.waitFor("first-frame", after: back) { $0.fields["window"]?.string == "main" }
            #expect((back.fields["position_ms"]?.int ?? 0) >= (moved.fields["position_ms"]?.int ?? 0), "position never goes back")
            #expect(app.events().contains { $0.name == "scene-close" && $0.fields["connector"]?.string == connector })
            #expect(try await advances(on: display), "\(backend): frames advance in the row again")
            #expect(app.events().filter { $0.name == "play" && $0.path == clips.snow }.count == 1, "no restart")
        }

        @Test("a removal no notification reports: a check finds it and the video comes home", arguments: ScreenBackend.allCases)
        func lostRemoval(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            // The app ignores GDK's notifications of monitors going, as if the display server's had been lost.
            let app = try AppProcess(
                arguments: ["--reconnect-grace", "0", "--play", clips.snow, clips.folder], on: display,
                environment: ["VIDEOTOY_TEST_MISS_MONITOR_REMOVALS": "1"])
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            let handle = try display.plugExternal("1280x720")
            let connector = try await external(app, after: play)
            let moved = try await route(app, clips.snow, to: connector, after: play)
            let arrived = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == connector }

            try display.unplugExternal(handle)
            let corrected = try await app.waitFor("screens-reconciled", after: arrived, timeout: .seconds(20)) {
                $0.fields["gone"]?.array?.contains(.string(connector)) == true
            }
            let back = try await route(app, clips.snow, to: "row", after: corrected)
            _ = try await app.waitFor("first-frame", after: back) { $0.fields["window"]?.string == "main" }
            let gone = app.events().first { $0.index > arrived.index && $0.name == "screen-disconnected" }
            #expect(gone.map { $0.index > corrected.index } == true, "\(backend): the removal was found by the check, not announced")
            #expect(
                app.events().contains {
                    $0.index > corrected.index && $0.name == "scene-close" && $0.fields["connector"]?.string == connector
                })
            #expect(try await advances(on: display), "\(backend): frames advance in the row again")
        }

        @Test("switching videos while connected: the new one goes out, the old one home", arguments: ScreenBackend.allCases)
        func switchVideos(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            _ = try display.plugExternal("1280x720")
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], on: display)
            defer { app.terminate() }
            let connector = try await external(app)
            let first = try await route(app, clips.snow, to: connector)
            let mpris = MPRISClient(on: display)
            try await mpris.waitForName()
            try mpris.call("OpenUri", [MPRISClient.quoted(URL(fileURLWithPath: clips.ball).absoluteString)])
            let out = try await route(app, clips.ball, to: connector, after: first)
            let home = app.events().last { $0.name == "route" && $0.path == clips.snow && $0.index < out.index }
            #expect(home?.fields["to"]?.string == "row", "\(backend): the old video went home first")
            _ = try await app.waitFor("first-frame", after: out) { $0.fields["window"]?.string == connector }
            #expect(try await advances(on: display), "\(backend): the new video plays on \(connector)")
            #expect(app.events().filter { $0.name == "scene-open" }.count == 1, "one scene throughout")
        }

        @Test("a storm of 20 flaps ends with the video in its row, playing, every scene closed", arguments: ScreenBackend.allCases)
        func flapStorm(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--reconnect-grace", "0", "--play", clips.long, clips.folder], on: display)
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.long }
            for _ in 0..<20 {
                let handle = try display.plugExternal("1280x720")
                try display.unplugExternal(handle)
            }
            // The storm is over once the video is routed home and every scene it opened is closed.
            let settled = try await settle(app, clips.long, "\(backend): after the storm")
            let handle = try display.plugExternal("1280x720")
            let out = try await app.waitFor("route", after: settled, timeout: .seconds(30)) {
                $0.path == clips.long && $0.fields["to"]?.string != "row"
            }
            let connector = out.fields["to"]?.string ?? ""
            _ = try await app.waitFor("first-frame", after: out, timeout: .seconds(30)) { $0.fields["window"]?.string == connector }
            try display.unplugExternal(handle)
            let back = try await route(app, clips.long, to: "row", after: out)
            _ = try await app.waitFor("first-frame", after: back, timeout: .seconds(30)) { $0.fields["window"]?.string == "main" }
            _ = try await settle(app, clips.long, "\(backend): after the last unplug")
            #expect(app.isRunning)
            #expect(try await advances(on: display), "\(backend): still playing in the row; \(app.report(stderrLines: 60))")
            let routes = app.events().filter { $0.name == "route" && $0.path == clips.long }.compactMap { $0.fields["position_ms"]?.int }
            #expect(routes == routes.sorted(), "\(backend): the position never goes back across \(routes.count) moves")
            print("\(backend): \(app.events().filter { $0.name == "screen-connected" }.count) connections seen in the storm")
        }

        @Test("--play --fullscreen with an external monitor plays full screen there", arguments: ScreenBackend.allCases)
        func playFullscreenOnExternal(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            _ = try display.plugExternal("1920x1080")
            let app = try AppProcess(arguments: ["--play", clips.snow, "--fullscreen"], on: display)
            defer { app.terminate() }
            let connector = try await external(app)
            let moved = try await route(app, clips.snow, to: connector)
            _ = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == connector }
            #expect(try await advances(on: display), "\(backend): frames advance on \(connector)")
            let shot = try display.screenshot(ofMonitor: connector)
            #expect(shot.width == 1920 && shot.height == 1080, "\(backend): the scene covers the monitor")
            let lit = shot.fraction { $0.r > 40 || $0.g > 40 || $0.b > 40 }
            #expect(lit > 0.3, "\(backend): the snow fills the external monitor (\(lit))")
        }

        @Test(
            "a second launch hands its file to the running app, which plays it on the external monitor", arguments: ScreenBackend.allCases)
        func secondLaunch(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            _ = try display.plugExternal("1280x720")
            let first = try AppProcess(arguments: [clips.snow, clips.ball], on: display)
            defer { first.terminate() }
            let connector = try await external(first)
            let library = try await first.waitFor("library", timeout: .seconds(20))
            let second = try AppProcess(arguments: [clips.short], on: display)
            #expect(try await second.waitForExit(timeout: .seconds(15)) == 0, "\(backend): the second launch hands over and exits")
            #expect(second.events().isEmpty, "the second process opened no window of its own")
            let played = try await first.waitFor("play", after: library) { $0.path == clips.short }
            _ = try await route(first, clips.short, to: connector, after: library)
            _ = played
        }

        @Test("--check names the session, the compositor, the mode API and every monitor's modes", arguments: ScreenBackend.allCases)
        func check(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            _ = try display.plugExternal("1920x1080")
            let result = try Command.check(
                [AppProcess.defaultBinary.path, "--check", "--no-network-screens"], extraEnvironment: display.clientEnvironment)
            let text = result.output
            #expect(text.contains("Session: \(backend.rawValue)"), "\(text)")
            switch backend {
            case .x11:
                #expect(text.contains("Display modes: can be set (RandR)"))
                #expect(!text.contains("Compositor:"))
            case .wayland:
                #expect(text.contains("Compositor: GNOME (mutter)"))
                #expect(text.contains("Display modes: can be set (GNOME DisplayConfig)"))
            }
            let monitors = text.components(separatedBy: "Monitors:\n").last ?? ""
            let modeLines = monitors.split(separator: "\n").filter { $0.hasPrefix("    ") }
            #expect(modeLines.count >= 2, "\(backend): each monitor lists its modes: \(monitors)")
            #expect(monitors.contains("1920x1080@"), "\(backend): the plugged monitor's mode: \(monitors)")
        }
    }
}

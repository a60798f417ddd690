import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The presenter's keys as the external monitor shows them (Xorg dummy outputs): black-outs, freezes and fades,
    /// seen in screenshots of the monitor while the video goes on.
    @Suite("Presenter tools on the external monitor")
    struct PresenterTests {
        /// The external monitor's connector.
        static let monitor = "DUMMY1"

        /// A screenshot's mean luminance (0 black, 255 white).
        static func luminance(_ image: Image) -> Double {
            let mean = image.meanColor()
            return 0.2126 * mean.r + 0.7152 * mean.g + 0.0722 * mean.b
        }

        /// Starts the app with the snow clip on the external monitor and the keyboard on the main window; `settings`
        /// pre-seeds the settings file.
        func start(_ display: VirtualDisplay, settings: String? = nil) async throws -> (AppProcess, AppProcess.Event) {
            let clips = Fixture.clips
            try display.plug(Self.monitor, modes: ["1280x720"])
            var environment: [String: String] = [:]
            if let settings {
                environment["XDG_CONFIG_HOME"] = try EndToEnd.FrontEndTests.configFolder(settings: settings).path
            }
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display, environment: environment)
            let moved = try await app.waitFor("route", timeout: .seconds(20)) {
                $0.path == clips.snow && $0.fields["to"]?.string == Self.monitor
            }
            let shown = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == Self.monitor }
            try await Fixture.waitForKeyboard(display)
            return (app, shown)
        }

        /// Presses `key` on the main window and waits for the `presenter` event it causes.
        func press(
            _ key: String, on display: VirtualDisplay, _ app: AppProcess, after: AppProcess.Event,
            where predicate: @escaping (AppProcess.Event) -> Bool
        ) async throws -> AppProcess.Event {
            try display.run(["xdotool", "key", "--clearmodifiers", key])
            return try await app.waitFor("presenter", after: after, timeout: .seconds(10), where: predicate)
        }

        /// Screenshots of the monitor until one satisfies `condition`, within `within`; the last one taken.
        func monitorShot(
            _ display: VirtualDisplay, within: Duration, until condition: (Image) -> Bool
        ) async throws -> (image: Image, met: Bool) {
            let deadline = ContinuousClock.now + within
            var shot = try display.screenshot(crop: Self.monitor)
            while !condition(shot), ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                shot = try display.screenshot(crop: Self.monitor)
            }
            return (shot, condition(shot))
        }

        @Test("B blacks out the external monitor within the fade while the video goes on; B again shows it moving")
        func blackOut() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, shown) = try await start(display)
            defer { app.terminate() }
            // A new video comes out of black: the snow shows once that fade is over.
            let before = try await monitorShot(display, within: .seconds(10)) { Self.luminance($0) > 60 }
            #expect(before.met, "the snow shows before the black-out (\(Self.luminance(before.image)))")
            let mpris = MPRISClient(display: display)
            try await mpris.waitForName()

            let pressed = ContinuousClock.now
            let black = try await press("b", on: display, app, after: shown) { $0.fields["cover"]?.string == "black" }
            // The default fade is half a second; the rest is slack for two busy cores.
            let covered = try await monitorShot(display, within: .seconds(5)) { Self.luminance($0) < 2 }
            #expect(covered.met, "the monitor is black (\(Self.luminance(covered.image)))")
            print("black-out: black seen \(ContinuousClock.now - pressed) after the key")
            let start = try mpris.position()
            let later = try await mpris.poll({ try mpris.position() }, timeout: .seconds(20)) { $0 >= start + 500_000 }
            #expect(later >= start + 500_000, "the video plays on under the black (\(start) → \(later) µs)")
            let still = try display.screenshot(crop: Self.monitor)
            #expect(Self.luminance(still) < 2, "still black while the video plays (\(Self.luminance(still)))")
            // The main window keeps the picture: the presenter panel's live picture moves on under the black. The snow
            // changes most of its 240×135 pixels each frame, about 1.2 % of the laptop's 1920×1080 here; the clock's
            // digits, the only other thing that moves, change a tenth of that.
            let panel = try await Fixture.motionPair(display, crop: "DUMMY0", needed: 0.006)
            #expect(panel.fraction > 0.006, "the panel's live picture moves while the projector is black (\(panel.fraction))")

            _ = try await press("b", on: display, app, after: black) { $0.fields["cover"]?.string == "none" }
            let shownAgain = try await monitorShot(display, within: .seconds(5)) { Self.luminance($0) > 60 }
            #expect(shownAgain.met, "the picture is back (\(Self.luminance(shownAgain.image)))")
            let moving = try await Fixture.motionPair(display, crop: Self.monitor, needed: 0.2)
            #expect(moving.fraction > 0.2, "frames advance again (\(moving.fraction))")
            #expect(Self.luminance(moving.second) > 60, "and they are not black (\(Self.luminance(moving.second)))")
        }

        @Test("H holds the picture through a seek and another video; H again shows the video that plays")
        func freeze() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let (app, shown) = try await start(display)
            defer { app.terminate() }
            let mpris = MPRISClient(display: display)
            try await mpris.waitForName()

            let frozen = try await press("h", on: display, app, after: shown) { $0.fields["on"]?.bool == true }
            // The held picture shows from the next frame the window draws: two screenshots alike say it does.
            var held = try display.screenshot(crop: Self.monitor)
            let settled = try await monitorShot(display, within: .seconds(5)) { shot in
                defer { held = shot }
                return shot == held
            }
            #expect(settled.met, "the picture stops changing once frozen")
            held = settled.image
            #expect(Self.luminance(held) > 60, "the held picture is the snow (\(Self.luminance(held)))")

            let beforeSeek = try mpris.position()
            try mpris.call("Seek", ["int64 5000000"])
            let sought = try await mpris.poll({ try mpris.position() }, timeout: .seconds(10)) { $0 >= beforeSeek + 4_500_000 }
            #expect(sought >= beforeSeek + 4_500_000, "the seek happened (\(beforeSeek) → \(sought) µs)")
            for _ in 0..<3 {
                try await Task.sleep(for: .milliseconds(300))
                #expect(try display.screenshot(crop: Self.monitor) == held, "the held picture stays through a seek")
            }
            try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"])
            let next = try await app.waitFor("route", after: frozen, timeout: .seconds(20)) {
                $0.path == clips.ball && $0.fields["to"]?.string == Self.monitor
            }
            _ = try await app.waitFor("first-frame", after: next) { $0.fields["window"]?.string == Self.monitor }
            for _ in 0..<4 {
                try await Task.sleep(for: .milliseconds(300))
                #expect(try display.screenshot(crop: Self.monitor) == held, "the held picture stays while another video plays")
            }

            _ = try await press("h", on: display, app, after: next) { $0.fields["on"]?.bool == false }
            // The ball clip is mostly black: the snow's held picture is gone once the monitor turns dark.
            let thawed = try await monitorShot(display, within: .seconds(5)) { Self.luminance($0) < 60 }
            #expect(thawed.met, "the ball clip shows again (\(Self.luminance(thawed.image)))")
            let moving = try await Fixture.motion(display, crop: Self.monitor, needed: 0.002)
            #expect(moving > 0.002, "the ball moves (\(moving))")
        }

        @Test("with the end look set to hold, the last frame stays on the monitor once the video ends; H shows the idle scene")
        func holdAtTheEnd() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            try display.plug(Self.monitor, modes: ["1280x720"])
            let config = try EndToEnd.FrontEndTests.configFolder(settings: "[preferences]\nend-look=hold\nfade=0\n")
            let app = try AppProcess(
                arguments: ["--play", clips.short, clips.folder], display: display, environment: ["XDG_CONFIG_HOME": config.path])
            defer { app.terminate() }
            let finished = try await app.waitFor("finished", timeout: .seconds(30)) { $0.path == clips.short }
            try await Fixture.waitForKeyboard(display)
            // The colour bars are bright and colourful; the idle scene is grey text on black.
            let colourful: (Image) -> Bool = { shot in shot.fraction { max($0.r, $0.g, $0.b) - min($0.r, $0.g, $0.b) > 100 } > 0.3 }
            let held = try await monitorShot(display, within: .seconds(5)) { colourful($0) }
            #expect(held.met, "the last frame is held (\(held.image.meanColor()))")
            try await Task.sleep(for: .milliseconds(500))
            #expect(try display.screenshot(crop: Self.monitor) == held.image, "and it stays")

            _ = try await press("h", on: display, app, after: finished) { $0.fields["on"]?.bool == false }
            let idle = try await monitorShot(display, within: .seconds(5)) { Self.luminance($0) < 20 }
            #expect(idle.met, "the idle scene shows once let go (\(Self.luminance(idle.image)))")
        }

        /// The mean luminance of a patch in the middle of the monitor, grabbed in one quick step: the full screenshots
        /// take too long to sample a fade.
        func patchLuminance(_ display: VirtualDisplay, _ monitor: Rect) throws -> Double {
            let patch = "320x180+\(monitor.x + monitor.width / 2 - 160)+\(monitor.y + monitor.height / 2 - 90)"
            let grab = try display.run(["import", "-window", "root", "-crop", patch, "-depth", "8", "ppm:-"])
            return Self.luminance(try Image(ppm: grab.stdout))
        }

        @Test("a two-second fade to black darkens the monitor step by step")
        func slowFade() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let (app, shown) = try await start(display, settings: "[preferences]\nfade=2\n")
            defer { app.terminate() }
            // A new video comes out of black over the same two seconds: wait until it is out.
            let lit = try await monitorShot(display, within: .seconds(10)) { Self.luminance($0) > 60 }
            #expect(lit.met, "the snow shows (\(Self.luminance(lit.image)))")
            try await Task.sleep(for: .milliseconds(2500))
            let area = try #require(try display.monitor(Self.monitor)?.geometry)
            let startLevel = try patchLuminance(display, area)

            _ = try await press("b", on: display, app, after: shown) { $0.fields["cover"]?.string == "black" }
            var levels: [Double] = []
            let deadline = ContinuousClock.now + .seconds(10)
            repeat {
                levels.append(try patchLuminance(display, area))
                try await Task.sleep(for: .milliseconds(50))
            } while levels.last! >= 2 && ContinuousClock.now < deadline
            print("fade: start \(startLevel), then \(levels.map { Int($0) })")
            #expect(levels.last! < 2, "the fade ends black (\(levels))")
            // Mid-fade samples: clearly darker than the snow, clearly lighter than black; two grabs of one frame are one.
            var middle: [Double] = []
            for level in levels where level > 3 && level < startLevel * 0.95 && level != middle.last { middle.append(level) }
            #expect(middle.count >= 3, "the fade is seen between its ends (\(levels))")
            let falling = ([startLevel] + middle + [levels.last!])
            #expect(zip(falling, falling.dropFirst()).allSatisfy { $0 > $1 }, "strictly falling (\(falling))")
        }
    }
}

extension EndToEnd {
    /// Swapping screens, on X11 (openbox) and Wayland (headless mutter), through the app's action as the screen
    /// menu's item runs it.
    @Suite("Swapping screens on every backend")
    struct SwapScreensTests {
        /// The main window's monitor on each backend.
        static func home(_ backend: ScreenBackend) -> String {
            backend == .x11 ? "DUMMY0" : "Meta-0"
        }

        /// Runs `swap-screens` through D-Bus, as `gapplication action` would.
        static func swap(on display: any TestDisplay) throws {
            _ = try Command.check(
                [
                    "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                    "--method", "org.gtk.Actions.Activate", "swap-screens", "[]", "{}",
                ], extraEnvironment: display.clientEnvironment)
        }

        /// Whether the snow plays on `connector`: the picture changes a lot between two screenshots and is bright.
        static func snowPlays(on display: any TestDisplay, _ connector: String) throws -> Bool {
            let first = try display.screenshot(ofMonitor: connector)
            let second = try display.screenshot(ofMonitor: connector)
            return second.fractionDiffering(from: first, tolerance: 24) > 0.2 && EndToEnd.PresenterTests.luminance(second) > 60
        }

        @Test(
            "the video goes to the main window's monitor and the main window to the external one, and back",
            arguments: ScreenBackend.allCases)
        func swapAndBack(_ backend: ScreenBackend) async throws {
            let display = try backend.start()
            defer { display.stop() }
            let clips = Fixture.clips
            _ = try display.plugExternal("1280x720")
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], on: display)
            defer { app.terminate() }
            let scene = try await app.waitFor("scene-open", timeout: .seconds(20))
            let external = scene.fields["connector"]?.string ?? ""
            let moved = try await app.waitFor("route", timeout: .seconds(20)) {
                $0.path == clips.snow && $0.fields["to"]?.string == external
            }
            _ = try await app.waitFor("first-frame", after: moved) { $0.fields["window"]?.string == external }
            let home = Self.home(backend)
            try await Fixture.eventually("\(backend): the snow plays on \(external)", within: .seconds(20)) {
                try Self.snowPlays(on: display, external)
            }
            #expect(try !Self.snowPlays(on: display, home), "\(backend): the main window is on \(home)")

            try Self.swap(on: display)
            try await Fixture.eventually("\(backend): the snow plays on \(home) once swapped", within: .seconds(20)) {
                try Self.snowPlays(on: display, home)
            }
            #expect(try !Self.snowPlays(on: display, external), "\(backend): the main window is on \(external) once swapped")

            try Self.swap(on: display)
            try await Fixture.eventually("\(backend): the snow plays on \(external) again", within: .seconds(20)) {
                try Self.snowPlays(on: display, external)
            }
            // The main window's moves go unreported for up to 3 s after the swap back: a window the compositor left
            // on the external monitor would then take the scene away from it.
            try await Task.sleep(for: .seconds(4))
            #expect(try Self.snowPlays(on: display, external), "\(backend): the snow stays on \(external)")
            #expect(try !Self.snowPlays(on: display, home), "\(backend): the main window is home again")
            #expect(app.events().filter { $0.name == "scene-open" }.count == 1, "\(backend): the scene never moved")
        }

        @Test("on sway the windows trade outputs, fullscreen, and trade back")
        func swapOnSway() async throws {
            let sway = try SwayDisplay()
            defer { sway.stop() }
            let bus = try PrivateSessionBus()
            let environment = sway.clientEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: nil, environment: environment)
            defer { app.terminate() }
            let scene = try await app.waitFor("scene-open", timeout: .seconds(45))
            let external = scene.fields["connector"]?.string ?? ""
            _ = try await app.waitFor("first-frame", timeout: .seconds(20)) { $0.fields["window"]?.string == external }
            func place(_ title: String) throws -> (output: String, fullscreen: Bool)? {
                try sway.windowPlaces().first { $0.title == title }.map { ($0.output, $0.fullscreen) }
            }
            let sceneTitle = "VideoToy on \(external)"
            try await Fixture.eventually("the scene fullscreen on \(external)", within: .seconds(20)) {
                try place(sceneTitle)?.output == external && place(sceneTitle)?.fullscreen == true
            }
            let home = try #require(try place("VideoToy")?.output)
            print("sway, before: \(try sway.windowPlaces())")
            #expect(home != external)
            let activate = [
                "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                "--method", "org.gtk.Actions.Activate", "swap-screens", "[]", "{}",
            ]
            _ = try Command.check(activate, extraEnvironment: environment)
            do {
                try await Fixture.eventually("swapped on sway", within: .seconds(20)) {
                    try place(sceneTitle)?.output == home && place("VideoToy")?.output == external
                        && place("VideoToy")?.fullscreen == true
                }
            } catch {
                Issue.record("sway's windows: \(try sway.windowPlaces())")
                throw error
            }
            print("sway, swapped: \(try sway.windowPlaces())")
            _ = try Command.check(activate, extraEnvironment: environment)
            do {
                try await Fixture.eventually("back on sway", within: .seconds(20)) {
                    try place(sceneTitle)?.output == external && place("VideoToy")?.output == home
                        && place("VideoToy")?.fullscreen == false
                }
            } catch {
                Issue.record("sway's windows: \(try sway.windowPlaces())")
                throw error
            }
        }
    }
}

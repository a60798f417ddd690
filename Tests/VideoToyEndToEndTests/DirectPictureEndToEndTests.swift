import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia

extension EndToEnd {
    /// A fullscreen video on X11 goes to the screen past GTK (a child window fed through X shared memory) while
    /// nothing is drawn over it, and back to GTK the moment something is: the controls, the presenter's black screen.
    @Suite("Direct picture")
    struct DirectPictureTests {
        /// The direct picture's X window, as `xwininfo` lists the window tree.
        private static let windowName = "\"VideoToy video\""

        /// Whether the direct picture's window is on the screen ("IsViewable"); nil before the app made one.
        private func directShown(on display: VirtualDisplay) throws -> Bool? {
            let tree = try display.run(["xwininfo", "-root", "-tree"]).output
            guard let line = tree.split(separator: "\n").first(where: { $0.contains(Self.windowName) }),
                let id = line.split(separator: " ").first
            else { return nil }
            let info = try display.run(["xwininfo", "-id", String(id)]).output
            return info.contains("Map State: IsViewable")
        }

        /// Polls the window tree until the direct picture is shown (or hidden), as the app changes it on its own
        /// timers (the controls fade after 3 s without input).
        private func waitForDirect(_ shown: Bool, on display: VirtualDisplay, timeout: Duration = .seconds(30)) async throws {
            let deadline = ContinuousClock.now + timeout
            while try directShown(on: display) != shown {
                if ContinuousClock.now > deadline {
                    throw HarnessError("the direct picture was never \(shown ? "shown" : "hidden") in \(timeout)")
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        /// Screenshots DUMMY0 until `done` holds for one, and returns it; the last one when `timeout` passes first, for
        /// the caller's expectations to report.
        private func waitForScreen(
            on display: VirtualDisplay, timeout: Duration = .seconds(10), until done: (Image) -> Bool
        ) async throws -> Image {
            let deadline = ContinuousClock.now + timeout
            while true {
                let shot = try display.screenshot(crop: "DUMMY0")
                if done(shot) || ContinuousClock.now > deadline { return shot }
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        @Test("fullscreen, playing, nothing over it: frames go past GTK; input and the black screen give them back")
        func directWhileNothingCoversThePicture() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-direct-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // The monitor's size and white: the picture goes to the screen unscaled, and is easy to tell from black.
            let clip = folder + "/white.mp4"
            try ClipFactory.make(ClipSpec(width: 1280, height: 800, durationMs: 60_000, pattern: "white"), at: clip)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: ["--fullscreen", "--play", clip], display: display)
            defer { app.terminate() }
            let fullscreen = try await app.waitFor("fullscreen", timeout: .seconds(20)) { $0.fields["on"]?.bool == true }
            _ = try await app.waitFor("first-frame", after: fullscreen, timeout: .seconds(30))

            // The controls show at first (GTK draws the picture under them) and fade after 3 s without input.
            try await waitForDirect(true, on: display)
            let direct = try display.screenshot(crop: "DUMMY0")
            let middle = direct.meanColor(in: Rect(x: 100, y: 100, width: direct.width - 200, height: direct.height - 200))
            #expect(middle.r > 200 && middle.g > 200 && middle.b > 200, "the video's white, put past GTK (\(middle))")
            let bottom = Rect(x: 0, y: direct.height - 60, width: direct.width, height: 60)
            let bar: (Image) -> Double = { $0.fraction(in: bottom) { Int($0.r) + Int($0.g) + Int($0.b) < 400 } }
            #expect(bar(direct) < 0.001, "no control bar")

            // Moving the pointer over the picture brings the controls, which GTK draws over its own picture.
            try display.run(["xdotool", "mousemove", "400", "300", "mousemove", "420", "320"])
            try await waitForDirect(false, on: display)
            // GTK draws the bar in its next frame; it fades again 3 s after the motion.
            let controls = try await waitForScreen(on: display, timeout: .seconds(2)) { bar($0) > 0.05 }
            #expect(bar(controls) > 0.05, "the control bar shows")

            // Faded again, the frames go past GTK again; the black screen then covers the picture at once.
            try await waitForDirect(true, on: display)
            try display.run(["xdotool", "key", "--clearmodifiers", "b"])
            try await waitForDirect(false, on: display, timeout: .seconds(10))
            // The veil fades in over the presenter's fade (half a second by default).
            let isBlack: (Image) -> Bool = {
                let mean = $0.meanColor(); return mean.r < 30 && mean.g < 30 && mean.b < 30
            }
            let black = try await waitForScreen(on: display, until: isBlack)
            let veiled = black.meanColor()
            #expect(veiled.r < 30 && veiled.g < 30 && veiled.b < 30, "the black screen hides the picture (\(veiled))")
            #expect(try directShown(on: display) == false, "still hidden under the black screen")
        }

        @Test("VIDEOTOY_DIRECT_VIDEO=0 leaves every frame to GTK")
        func overrideKeepsGTK() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clip = Fixture.clips.short
            let app = try AppProcess(
                arguments: ["--controls", "none", "--fullscreen", "--play", clip], display: display,
                environment: ["VIDEOTOY_DIRECT_VIDEO": "0"])
            defer { app.terminate() }
            let fullscreen = try await app.waitFor("fullscreen", timeout: .seconds(20)) { $0.fields["on"]?.bool == true }
            _ = try await app.waitFor("first-frame", after: fullscreen, timeout: .seconds(30))
            // With no controls the picture would go past GTK from its first frame to its last: watched to the end.
            var looks = 0
            while !app.events().contains(where: { $0.name == "finished" }) {
                #expect(try directShown(on: display) != true, "a direct picture against the override")
                looks += 1
                #expect(looks < 600, "the short clip ends within a minute")
                if looks >= 600 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(looks > 0)
        }
    }
}

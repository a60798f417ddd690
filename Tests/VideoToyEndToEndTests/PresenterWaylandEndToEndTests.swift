import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd {
    /// The presenter tools on Wayland, where the harness has no way to press keys: driven through `app.presenter`
    /// (as a script or a clicker's helper would), on GNOME's mutter and on sway, each headless with a second output,
    /// seen in screenshots of that output (ScreenCast on mutter, wlr-screencopy on sway) and in the panel through AT-SPI.
    @Suite("Presenter tools on Wayland")
    struct PresenterWaylandTests {
        /// Starts the app with the snow clip, which goes to the second output; returns the app, the output's
        /// connector and the video's first frame there.
        func start(_ stage: WaylandStage) async throws -> (app: AppProcess, connector: String, shown: AppProcess.Event) {
            let clips = Fixture.clips
            let app = try stage.launch(["--play", clips.snow, clips.folder])
            let scene = try await app.waitFor("scene-open", timeout: .seconds(45))
            let connector = try #require(scene.fields["connector"]?.string, "\(scene)")
            let moved = try await app.waitFor("route", timeout: .seconds(30)) {
                $0.path == clips.snow && $0.fields["to"]?.string == connector
            }
            let shown = try await app.waitFor("first-frame", after: moved, timeout: .seconds(30)) {
                $0.fields["window"]?.string == connector
            }
            return (app, connector, shown)
        }

        /// Runs `app.presenter(name)` and waits for the `presenter` event it causes.
        func presenter(
            _ name: String, on stage: WaylandStage, _ app: AppProcess, after: AppProcess.Event,
            where predicate: @escaping (AppProcess.Event) -> Bool
        ) async throws -> AppProcess.Event {
            try stage.presenter(name)
            return try await app.waitFor("presenter", after: after, timeout: .seconds(10), where: predicate)
        }

        /// The fraction of the output's pixels that change between two screenshots, retaken until more than `needed`
        /// do or `within` has passed; the second screenshot is returned too.
        func motion(
            _ stage: WaylandStage, _ connector: String, needed: Double, within: Duration = .seconds(15)
        ) async throws -> (fraction: Double, last: Image) {
            let first = try stage.screenshot(connector)
            let deadline = ContinuousClock.now + within
            var best = (fraction: 0.0, last: first)
            repeat {
                try await Task.sleep(for: .milliseconds(200))
                let next = try stage.screenshot(connector)
                let fraction = next.fractionDiffering(from: first, tolerance: 24)
                if fraction > needed { return (fraction, next) }
                if fraction >= best.fraction { best = (fraction, next) }
            } while ContinuousClock.now < deadline
            return best
        }

        /// Saves `image` as `artifacts/NAME.png` for a look after the run; a failure to save fails nothing.
        static func keep(_ image: Image, _ name: String) {
            let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            let ppm = FileManager.default.temporaryDirectory.appendingPathComponent("keep-\(UUID().uuidString).ppm")
            defer { try? FileManager.default.removeItem(at: ppm) }
            guard (try? (Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)).write(to: ppm)) != nil else { return }
            _ = try? Command.run(["convert", ppm.path, artifacts.appendingPathComponent(name + ".png").path])
        }

        @Test(
            "black through app.presenter: the output goes black within the fade while MPRIS's position runs on",
            arguments: WaylandStage.Compositor.allCases)
        func blackOut(_ compositor: WaylandStage.Compositor) async throws {
            let stage = try WaylandStage(compositor)
            defer { stage.stop() }
            let (app, connector, shown) = try await start(stage)
            defer { app.terminate() }
            let luminance = EndToEnd.PresenterTests.luminance
            let before = try await stage.shot(connector, within: .seconds(15)) { luminance($0) > 60 }
            #expect(before.met, "\(compositor): the snow shows before the black-out (\(luminance(before.image)))")
            Self.keep(before.image, "wayland-\(compositor)-before-black")
            let mpris = stage.mpris
            try await mpris.waitForName()

            // A name the action does not know changes nothing, and the app goes on.
            try stage.presenter("sparkle")
            let called = ContinuousClock.now
            try stage.presenterThroughGApplication("black")
            let black = try await app.waitFor("presenter", after: shown, timeout: .seconds(10))
            #expect(black.fields["cover"]?.string == "black", "\(compositor): the first presenter event is the black-out: \(black)")
            // The default fade is half a second; the rest is slack for two busy cores and slow screenshots.
            let covered = try await stage.shot(connector, within: .seconds(6)) { luminance($0) < 2 }
            let seen = ContinuousClock.now - called
            #expect(covered.met, "\(compositor): the output is black (\(luminance(covered.image)))")
            print("\(compositor) black-out: black seen \(seen) after the action")
            Self.keep(covered.image, "wayland-\(compositor)-black")
            let start = try mpris.position()
            let later = try await mpris.poll({ try mpris.position() }, timeout: .seconds(20)) { $0 >= start + 500_000 }
            #expect(later >= start + 500_000, "\(compositor): the video plays on under the black (\(start) → \(later) µs)")
            let shooting = ContinuousClock.now
            let still = try stage.screenshot(connector)
            // The time to black above includes the screenshots' own: one takes this long here.
            print("\(compositor) black-out: one screenshot takes \(ContinuousClock.now - shooting)")
            #expect(luminance(still) < 2, "\(compositor): still black while the video plays (\(luminance(still)))")

            _ = try await presenter("picture", on: stage, app, after: black) { $0.fields["cover"]?.string == "none" }
            let again = try await stage.shot(connector, within: .seconds(6)) { luminance($0) > 60 }
            #expect(again.met, "\(compositor): the picture is back (\(luminance(again.image)))")
            let moving = try await motion(stage, connector, needed: 0.2)
            #expect(moving.fraction > 0.2, "\(compositor): frames advance again (\(moving.fraction))")
            #expect(luminance(moving.last) > 60, "\(compositor): and they are not black (\(luminance(moving.last)))")
            Self.keep(moving.last, "wayland-\(compositor)-after-black")
            #expect(app.isRunning)
            #expect(!app.stderr.contains("sparkle"), "\(compositor): a name from outside is not echoed: \(app.stderr.suffix(2000))")
        }

        @Test(
            "freeze through app.presenter: the output holds its picture through an MPRIS seek and the next video",
            arguments: WaylandStage.Compositor.allCases)
        func freeze(_ compositor: WaylandStage.Compositor) async throws {
            let stage = try WaylandStage(compositor)
            defer { stage.stop() }
            let clips = Fixture.clips
            let (app, connector, shown) = try await start(stage)
            defer { app.terminate() }
            let luminance = EndToEnd.PresenterTests.luminance
            let lit = try await stage.shot(connector, within: .seconds(15)) { luminance($0) > 60 }
            #expect(lit.met, "\(compositor): the snow shows (\(luminance(lit.image)))")
            let mpris = stage.mpris
            try await mpris.waitForName()

            let frozen = try await presenter("freeze", on: stage, app, after: shown) { $0.fields["on"]?.bool == true }
            // The held picture shows from the next frame the window draws: two screenshots alike say it does.
            var held = try stage.screenshot(connector)
            let settled = try await stage.shot(connector, within: .seconds(6)) { shot in
                defer { held = shot }
                return shot == held
            }
            #expect(settled.met, "\(compositor): the picture stops changing once frozen")
            held = settled.image
            #expect(luminance(held) > 60, "\(compositor): the held picture is the snow (\(luminance(held)))")
            Self.keep(held, "wayland-\(compositor)-held")

            let beforeSeek = try mpris.position()
            try mpris.call("Seek", ["int64 5000000"])
            let sought = try await mpris.poll({ try mpris.position() }, timeout: .seconds(10)) { $0 >= beforeSeek + 4_500_000 }
            #expect(sought >= beforeSeek + 4_500_000, "\(compositor): the seek happened (\(beforeSeek) → \(sought) µs)")
            for _ in 0..<3 {
                try await Task.sleep(for: .milliseconds(300))
                #expect(try stage.screenshot(connector) == held, "\(compositor): the held picture stays through a seek")
            }

            // The next row's video, as the clicker's Page Down picks it.
            try stage.presenter("next")
            let next = try await app.waitFor("route", after: frozen, timeout: .seconds(30)) {
                $0.path == clips.ball && $0.fields["to"]?.string == connector
            }
            _ = try await app.waitFor("first-frame", after: next, timeout: .seconds(30)) { $0.fields["window"]?.string == connector }
            for _ in 0..<4 {
                try await Task.sleep(for: .milliseconds(300))
                #expect(try stage.screenshot(connector) == held, "\(compositor): the held picture stays while another video plays")
            }

            _ = try await presenter("freeze", on: stage, app, after: next) { $0.fields["on"]?.bool == false }
            // The ball clip is mostly black: the snow's held picture is gone once the output turns dark.
            let thawed = try await stage.shot(connector, within: .seconds(6)) { luminance($0) < 60 }
            #expect(thawed.met, "\(compositor): the ball clip shows again (\(luminance(thawed.image)))")
            let moving = try await motion(stage, connector, needed: 0.002)
            #expect(moving.fraction > 0.002, "\(compositor): the ball moves (\(moving.fraction))")
            Self.keep(moving.last, "wayland-\(compositor)-thawed")
        }

        /// What the panel's "Up next" says to a screen reader, read through AT-SPI until it is `title`, or the last
        /// reading after 45 s (nil when none named it).
        func upNext(_ stage: WaylandStage, reads title: String) async throws -> String? {
            let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
            let deadline = ContinuousClock.now + .seconds(45)
            var last: String?
            repeat {
                let reading = try Command.run(
                    [script, "videotoy", "--until", "Up next", "--timeout", "30"], extraEnvironment: stage.environment)
                if reading.status == 0 {
                    let nodes = try reading.output.split(separator: "\n").map {
                        try JSONDecoder().decode(EndToEnd.PresenterPanelTests.Node.self, from: Data($0.utf8))
                    }
                    last = nodes.first { $0.name == "Up next" }?.description
                    if last == title { return last }
                }
                try await Task.sleep(for: .milliseconds(200))
            } while ContinuousClock.now < deadline
            return last
        }

        @Test(
            "a show opened from XSPF and stepped by app.presenter plays its videos in order on the second output",
            arguments: WaylandStage.Compositor.allCases)
        func show(_ compositor: WaylandStage.Compositor) async throws {
            let stage = try WaylandStage(compositor)
            defer { stage.stop() }
            let clips = Fixture.clips
            // Not the library's order, and titles of the show's own: the panel must read them from the file.
            let order = [clips.ball, clips.snow, clips.short]
            let titles = ["One: the bouncing ball", "Two: snow", "Three: colour bars"]
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-wayland-show-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/talk.xspf"
            let show = Show(entries: zip(order, titles).map { ShowEntry(path: $0, title: $1) })
            try XSPFWriter.document(show, title: "A talk on Wayland").write(toFile: file, atomically: true, encoding: .utf8)

            let app = try stage.launch(["--show", file, clips.folder], accessibility: true)
            defer { app.terminate() }
            _ = try await app.waitFor("library", timeout: .seconds(45)) { $0.fields["count"]?.int == 3 }
            let opened = try await app.waitFor("presenter", timeout: .seconds(20)) { $0.fields["action"]?.string == "open" }
            #expect(opened.path == file && opened.fields["count"]?.int == 3, "\(compositor): \(opened)")
            let scene = try await app.waitFor("scene-open", timeout: .seconds(45))
            let connector = try #require(scene.fields["connector"]?.string, "\(scene)")

            try stage.presenter("start-show")
            let started = try await app.waitFor("presenter", after: opened) { $0.fields["action"]?.string == "cue" }
            #expect(started.fields["index"]?.int == 0 && started.path == order[0], "\(compositor): \(started)")
            #expect(try await upNext(stage, reads: titles[0]) == titles[0], "\(compositor): the first video is up next")

            var previous = started
            for step in 0..<2 {
                try stage.presenter("next")
                let cue = try await app.waitFor("presenter", after: previous) { $0.fields["action"]?.string == "cue" }
                #expect(cue.fields["index"]?.int == step + 1 && cue.path == order[step + 1], "\(compositor) step \(step + 1): \(cue)")
                let routed = try await app.waitFor("route", after: previous, timeout: .seconds(30)) {
                    $0.path == order[step] && $0.fields["to"]?.string == connector
                }
                _ = try await app.waitFor("first-frame", after: routed, timeout: .seconds(30)) {
                    $0.path == order[step] && $0.fields["window"]?.string == connector
                }
                let reading = try await upNext(stage, reads: titles[step + 1])
                #expect(reading == titles[step + 1], "\(compositor) step \(step + 1): up next reads \(reading ?? "nothing")")
                previous = cue
            }
            let played = app.events().filter { $0.name == "play" }.compactMap(\.path)
            #expect(played == [order[0], order[1]], "\(compositor): the show played its first two videos in order: \(played)")
            // The snow is the bright one: the second output shows it, not the ball's dark picture.
            let luminance = EndToEnd.PresenterTests.luminance
            let snow = try await stage.shot(connector, within: .seconds(10)) { luminance($0) > 60 }
            #expect(snow.met, "\(compositor): the snow shows on \(connector) (\(luminance(snow.image)))")
            Self.keep(snow.image, "wayland-\(compositor)-show")
        }
    }
}

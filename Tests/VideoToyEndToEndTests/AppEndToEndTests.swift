import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// The library window on one monitor: listing, posters, inline playback, --play errors.
    @Suite("Library window")
    struct AppTests {
        @Test("a played clip's frames change inside its row, and only there")
        func playsInline() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }

            let library = try await app.waitFor("library")
            #expect(library.fields["count"]?.int == 3)
            let frame = try await app.waitFor("first-frame", timeout: .seconds(20)) { $0.path == clips.snow }
            #expect(frame.fields["window"]?.string == "main")
            _ = try await app.waitFor("play") { $0.path == clips.snow }
            try await Task.sleep(for: .seconds(1))

            let window = try Fixture.mainWindow(display)
            // Rows show the video slot first and the labels beside it.
            let labels = Fixture.labelColumn(window)
            let slots = Fixture.slotColumn(window)
            let (slotMotion, shot, later) = try await Fixture.motionPair(display, in: slots, needed: 0.02)
            let labelMotion = later.fractionDiffering(from: shot, in: labels, tolerance: 24)
            #expect(slotMotion > 0.02, "the playing row's frames should change (\(slotMotion))")
            #expect(labelMotion < 0.001, "labels should stay still (\(labelMotion))")

            let probes = app.events().filter { $0.name == "probe" }
            #expect(Set(probes.compactMap(\.path)) == [clips.snow, clips.ball, clips.short])
            #expect(probes.allSatisfy { $0.fields["error"] == nil && ($0.fields["width"]?.int ?? 0) > 0 })
        }

        @Test("the keyboard plays the selected row, and starting another pauses the first")
        func keyboardSwitchesExclusively() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            let firstPlay = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            try await Task.sleep(for: .seconds(1))
            try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"])
            let paused = try await app.waitFor("pause", after: firstPlay) { $0.path == clips.snow }
            let second = try await app.waitFor("play", after: firstPlay) { $0.path == clips.ball }
            #expect((paused.fields["position_ms"]?.int ?? 0) > 500, "the first keeps its position")
            #expect(second.tMs >= paused.tMs - 50)
            // Back to the first: it resumes where it was instead of restarting.
            try display.run(["xdotool", "key", "--clearmodifiers", "Up", "Return"])
            let resumed = try await app.waitFor("play", after: second) { $0.path == clips.snow }
            #expect((resumed.fields["position_ms"]?.int ?? 0) >= (paused.fields["position_ms"]?.int ?? 0) - 100)
        }

        @Test("a clip that ends marks its row finished and --on-end next moves on, from the last row to the first")
        func endOfPlayback() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--on-end", "next", "--play", clips.short, clips.folder], display: display)
            defer { app.terminate() }
            let finished = try await app.waitFor("finished", timeout: .seconds(20)) { $0.path == clips.short }
            #expect((finished.fields["position_ms"]?.int ?? 0) >= 1000)
            // "c short" is last by name: a playlist goes round, to "a snow".
            _ = try await app.waitFor("play", after: finished, timeout: .seconds(20)) { $0.path == clips.snow }
            #expect(app.isRunning)
        }

        @Test("--exit-on-end quits with status 0 after the clip")
        func exitOnEnd() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--exit-on-end", "--play", clips.short], display: display)
            let status = try await app.waitForExit(timeout: .seconds(30))
            #expect(status == 0)
            let finished = try #require(app.events().first { $0.name == "finished" })
            // 1.5 s at 25 fps: every picture reaches the view, drawn or (if the window fell behind) dropped.
            let shown = finished.fields["frames_shown"]?.int ?? -1, dropped = finished.fields["frames_dropped"]?.int ?? -1
            #expect(shown > 0 && dropped >= 0, "\(finished.line)")
            #expect((34...40).contains(shown + dropped), "\(finished.line)")
            print("exit on end: \(finished.line)")
        }

        @Test("--exit-on-end quits with status 1 when the video ends in an error")
        func exitOnEndAfterAnError() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-exit-error-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/kiosk.mp4"
            try FileManager.default.copyItem(atPath: Fixture.clips.snow, toPath: path)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(
                arguments: ["--exit-on-end", "--play", path], display: display,
                environment: Reliability.isolatedEnvironment())
            defer { app.terminate() }
            _ = try await app.waitFor("play", timeout: .seconds(60)) { $0.path == path }
            // Cut short under the player: it ends with an error instead of finishing.
            try ClipFactory.truncate(path, fraction: 0.05)
            let status = try await app.waitForExit(timeout: .seconds(60))
            #expect(status == 1, "\(app.report())")
            #expect(app.events().contains { $0.name == "error" && $0.path == path })
            #expect(!app.events().contains { $0.name == "finished" })
        }

        @Test("--exit-on-end quits with status 1 after a file that is only a header", arguments: ClipFactory.StubContainer.allCases)
        func exitOnEndAfterAHeaderOnly(_ container: ClipFactory.StubContainer) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-stub-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/stub." + container.rawValue
            try ClipFactory.makeHeaderStub(at: path, container: container)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(
                arguments: ["--exit-on-end", "--play", path], display: display, environment: Reliability.isolatedEnvironment())
            defer { app.terminate() }
            let status = try await app.waitForExit(timeout: .seconds(30))
            #expect(status == 1, "\(app.report())")
            let error = app.events().first { $0.name == "error" && $0.path == path }
            #expect(error?.fields["message"]?.string?.contains("before its first picture") == true, "\(app.report())")
            #expect(!app.events().contains { $0.name == "finished" })
        }

        @Test("--play with a missing or unplayable file exits 2 with a one-line reason", arguments: ["missing", "text"])
        func playRefusesBadFile(kind: String) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-bad-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/clip.mp4"
            if kind == "text" { try "not a video\n".write(toFile: path, atomically: true, encoding: .utf8) }
            let app = try AppProcess(arguments: ["--play", path], display: nil)
            let status = try await app.waitForExit(timeout: .seconds(15))
            #expect(status == 2)
            let lines = app.stderr.split(separator: "\n").filter { !$0.hasPrefix("ALSA") && !$0.hasPrefix("AL lib") }
            #expect(lines.count == 1)
            #expect(lines.first?.contains(kind == "missing" ? "gone" : "Not a video") == true, "\(lines)")
        }
    }
}

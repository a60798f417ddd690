import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyMediaTesting

extension EndToEnd.FrontEndTests {
    @Test("A folder holding an MKV whose header claims 380 years is listed, postered and played, and the app stays up")
    func centuriesLongFileListed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-centuries-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clip = folder + "/centuries.mkv"
        try OddFiles.makeWithClaimedDuration(12_000_000_000_000, at: clip)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(arguments: [folder], display: display, environment: ["GTK_A11Y": "atspi"])
        defer { app.terminate() }
        let library = try await app.waitFor("library", timeout: .seconds(45))
        #expect(library.fields["count"]?.int == 1)
        let probe = try await app.waitFor("probe", timeout: .seconds(45)) { $0.path == clip }
        #expect(probe.fields["error"] == nil, "it plays, so it is no error: \(probe.line)")
        #expect(probe.fields["duration_ms"]?.int.map { $0 < 12_000_000_000_000 } ?? true, "the claim is no duration: \(probe.line)")
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        // The poster job starts once no probe is pending; the row is listed with its name whatever it shows.
        try await Fixture.eventually("the row is listed") {
            try Self.accessibleTree(display).contains { $0.name.hasPrefix("centuries.mkv") }
        }
        try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Return"])
        _ = try await app.waitFor("first-frame", timeout: .seconds(45)) { $0.path == clip }
        #expect(app.isRunning, "\(app.report())")
        #expect(app.terminate() == 0, "a clean quit")
    }

    @Test("After a kill -9 while a file plays, its row says so, and selecting it pre-rolls nothing until it is played")
    func killedWhilePlayingQuarantines() async throws {
        let clips = Fixture.clips
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-quarantine-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: config) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let environment = ["XDG_CONFIG_HOME": config, "GTK_A11Y": "atspi"]

        let first = try AppProcess(arguments: ["--play", clips.ball, clips.folder], display: display, environment: environment)
        _ = try await first.waitFor("first-frame", timeout: .seconds(45)) { $0.path == clips.ball }
        #expect(kill(first.pid, SIGKILL) == 0)
        _ = try? await first.waitForExit(timeout: .seconds(15))
        #expect(first.wasKilledBySignal)

        let second = try AppProcess(arguments: [clips.folder], display: display, environment: environment)
        defer { second.terminate() }
        try await Self.waitForClipsProbed(second)
        _ = try await second.waitFor("ready", timeout: .seconds(45))
        #expect(second.stderr.contains("b ball.mp4: VideoToy closed while playing this file"), "\(second.stderr)")
        try await Fixture.eventually("the row of the file says the app closed while playing it") {
            try Self.accessibleTree(display).contains {
                $0.name.hasPrefix("b ball.mp4") && $0.name.contains("VideoToy closed while playing this file")
            }
        }
        func key(_ keys: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers"] + keys) }
        // Rows by name: a snow, b ball, c short. The ball's row stays selected well past the dwell, then the next one.
        try key("Down", "Down")
        try await Task.sleep(for: .seconds(2))
        try key("Down")
        let next = try await second.waitFor("preroll", timeout: .seconds(45)) { $0.path == clips.short }
        #expect(!second.events().contains { $0.name == "preroll" && $0.path == clips.ball }, "the marked file was not pre-rolled")

        // Playing it is the user's choice: Enter on its row plays it, and a normal quit clears the mark.
        try key("Up", "Return")
        _ = try await second.waitFor("first-frame", after: next, timeout: .seconds(45)) { $0.path == clips.ball }
        #expect(second.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: config + "/videotoy/playing"), "a clean quit leaves no journal")
        let third = try AppProcess(arguments: [clips.folder], display: display, environment: environment)
        defer { third.terminate() }
        _ = try await third.waitFor("ready", timeout: .seconds(45))
        #expect(!third.stderr.contains("closed while playing"), "\(third.stderr)")
    }
}

import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia

extension EndToEnd {
    /// What the app remembers across runs: resume positions, the library, the scaling mode.
    @Suite("Remembered state")
    struct RememberedStateTests {
        @Test("a long video resumes where it was when the app quit; the library and scaling come back without arguments")
        func resumesAcrossRuns() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-resume-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let long = folder + "/long.mp4"
            // Resume positions are kept only for videos longer than two minutes.
            try ClipFactory.make(ClipSpec(width: 160, height: 90, durationMs: 150_000, fps: 5, audio: false), at: long)
            let config = folder + "/config"
            let display = try VirtualDisplay()
            defer { display.stop() }

            let first = try AppProcess(
                arguments: ["--scaling", "fill", "--play", long, folder], display: display,
                environment: ["XDG_CONFIG_HOME": config])
            let play = try await first.waitFor("play", timeout: .seconds(20)) { $0.path == long }
            _ = play
            try display.run(["xdotool", "key", "--clearmodifiers", "Right", "Right"])
            try await Task.sleep(for: .seconds(2))
            #expect(first.terminate() == 0)
            let settings = try String(contentsOfFile: config + "/videotoy/settings.ini", encoding: .utf8)
            #expect(settings.contains(long), "the position of the long video is remembered")

            let second = try AppProcess(arguments: [], display: display, environment: ["XDG_CONFIG_HOME": config])
            defer { second.terminate() }
            let library = try await second.waitFor("library", timeout: .seconds(20))
            #expect(library.fields["count"]?.int == 1, "the last library folder opens again")
            #expect(second.events().contains { $0.name == "scaling" && $0.fields["mode"]?.string == "fill" })
            try display.run(["xdotool", "key", "--clearmodifiers", "Return"])
            let resumed = try await second.waitFor("play", timeout: .seconds(20)) { $0.path == long }
            #expect((resumed.fields["position_ms"]?.int ?? 0) >= 9_000, "resumed near 10 s, not from the start")
        }
    }
}

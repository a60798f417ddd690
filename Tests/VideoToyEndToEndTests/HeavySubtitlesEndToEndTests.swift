import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyMediaTesting

extension EndToEnd.SubtitlesTests {
    /// The longest the main thread may compute at once while such a cue shows (the README's bound).
    static let mainLoopBoundMs = 50

    /// Plays a copy of the plain clip in its row with `subtitles` beside it as `heavy.EXT` (shown: it carries the
    /// video's name alone), and checks that the cue is drawn, that the main loop never computed for more than 50 ms
    /// meanwhile (the watchdog logs every stall over 50 ms in this run), and that SIGTERM then quits at once.
    ///
    /// In its row, not fullscreen: drawing each frame of a fullscreen video costs the main loop about 50 ms of CPU by
    /// itself in a debug build on two busy cores (measured with a one-line cue), which would hide what the text costs.
    func playsHeavy(_ subtitles: String, named name: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-heavy-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = folder + "/heavy.mp4"
        try FileManager.default.copyItem(atPath: Self.clips.plain.path, toPath: video)
        try Data(subtitles.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(
            arguments: ["--controls", "none", "--play", video, video], display: display,
            environment: Reliability.isolatedEnvironment().merging(["VIDEOTOY_STALL_MS": "\(Self.mainLoopBoundMs)"]) { $1 })
        defer { app.terminate() }
        let chosen = try await app.waitFor("track", timeout: .seconds(45)) { $0.path == video && $0.fields["kind"]?.string == "subtitles" }
        #expect(chosen.fields["id"]?.string == "file/\(name)", "\(chosen.line)")
        _ = try await app.waitFor("first-frame", timeout: .seconds(45))
        // Text over the middle of the view too (a long cue wraps over many lines) hides the picture there.
        let seen = try await glance(display, in: rowView(display)) { $0.lower > Self.textShown }.flatMap {
            $0.lower > Self.textShown ? $0 : nil
        }
        #expect(seen != nil, "the cue is drawn over the picture")
        // A few seconds of playback with the cue on screen: every frame redraws the view under the text.
        try await Task.sleep(for: .seconds(3))
        let stalls = Reliability.stalls(app, after: chosen)
        print("heavy \(name): \(seen.map { "\($0)" } ?? "no text"); stalls \(stalls.map(\.line))")
        let computed = stalls.filter { stall in
            stall.fields["cause"]?.string == "busy" && (stall.fields["cpu_ms"]?.int ?? 0) > Self.mainLoopBoundMs
        }
        #expect(computed.isEmpty, "the main loop computed for over \(Self.mainLoopBoundMs) ms: \(Reliability.explain(computed, in: app))")
        #expect(app.isRunning)
        let asked = ContinuousClock.now
        let status = app.terminate(timeout: 5)
        let took = ContinuousClock.now - asked
        #expect(status == 0, "SIGTERM quits cleanly, not by SIGKILL (status \(status))")
        #expect(took < .seconds(3), "SIGTERM answered in \(took)")
    }

    @Test("a SubRip cue of 100 KB shows, cut, without holding the main loop over 50 ms; SIGTERM quits at once")
    func hugeCueKeepsTheMainLoopTurning() async throws {
        let words = String(repeating: "subtitle ", count: 100_000 / 9)
        try await playsHeavy("1\n00:00:00,000 --> 01:00:00,000\n\(words)\n", named: "heavy.srt")
    }

    @Test("an ASS file of 10,000 lines at once shows its newest without holding the main loop over 50 ms")
    func tenThousandLinesKeepTheMainLoopTurning() async throws {
        var script = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 1280
            PlayResY: 720

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
            Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, \
            MarginV, Encoding
            Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        for line in 1...10_000 { script += "Dialogue: 0,0:00:00.00,1:00:00.00,Default,,0,0,0,,Line \(line) of ten thousand\n" }
        try await playsHeavy(script, named: "heavy.ass")
    }
}

import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyMediaTesting

extension EndToEnd.SubtitlesTests {
    /// A pixel of the yellow text: red and green high, blue low (white text has all three high, the picture none).
    static func isYellow(_ pixel: RGB) -> Bool { pixel.r >= 160 && pixel.g >= 160 && pixel.b <= 90 }

    @Test("a SubRip cue with {\\an8} and <font color> is drawn in yellow at the top of the view, nothing at the bottom")
    func styledCueKeepsItsColourAndPlace() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-styled-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = try TrackClips.styledCopy(of: Self.clips.plain, in: folder)
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(arguments: ["--controls", "none", "--fullscreen", "--play", video, video], display: display)
        defer { app.terminate() }
        let chosen = try await app.waitFor("track", timeout: .seconds(45)) { $0.path == video && $0.fields["kind"]?.string == "subtitles" }
        #expect(chosen.fields["id"]?.string == "file/styled.srt", "\(chosen.line)")
        _ = try await app.waitFor("fullscreen", timeout: .seconds(45)) { $0.fields["on"]?.bool == true }
        let top = { (view: Rect) in Rect(x: view.x, y: view.y, width: view.width, height: view.height * 3 / 10) }
        let bottom = { (view: Rect) in Rect(x: view.x, y: view.y + view.height * 7 / 10, width: view.width, height: view.height * 3 / 10) }
        let deadline = ContinuousClock.now + .seconds(30)
        var last: (glance: SubtitleGlance, upperYellow: Double, lowerYellow: Double)?
        repeat {
            let image = try display.screenshot(crop: "DUMMY0")
            let glance = SubtitleGlance(image, view: image.bounds)
            last = (
                glance, image.fraction(in: top(image.bounds), where: Self.isYellow),
                image.fraction(in: bottom(image.bounds), where: Self.isYellow)
            )
            if glance.showsPicture, let last, last.upperYellow > Self.textShown { break }
            try await Task.sleep(for: .milliseconds(250))
        } while ContinuousClock.now < deadline
        let shown = try #require(last)
        print("styled subtitle fullscreen: \(shown.glance); yellow top \(shown.upperYellow), bottom \(shown.lowerYellow)")
        #expect(shown.glance.showsPicture, "the clip is drawn (\(shown.glance))")
        #expect(shown.upperYellow > Self.textShown, "yellow text in the top band (\(shown.upperYellow))")
        #expect(shown.glance.upper < Self.textShown, "and no white text there: the colour is the cue's (\(shown.glance))")
        #expect(shown.lowerYellow < Self.textShown && shown.glance.lower < Self.textShown, "nothing in the lower band (\(shown.glance))")
    }
}

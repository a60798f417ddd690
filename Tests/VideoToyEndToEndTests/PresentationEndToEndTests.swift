import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia

extension EndToEnd {
    /// Presentation mode: fullscreen start, rotation, control styles and the capability check.
    @Suite("Presentation")
    struct PresentationTests {
        /// The bounding box of pixels brighter than near-black in `image`.
        private func litBox(_ image: Image) -> Rect {
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let p = image[x: x, y: y]
                    guard Int(p.r) + Int(p.g) + Int(p.b) > 90 else { continue }
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                }
            }
            return maxX < 0 ? Rect(x: 0, y: 0, width: 0, height: 0) : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        @Test("a portrait phone clip (rotation tag) plays upright: fullscreen it fills a taller-than-wide area")
        func rotatedClipIsUpright() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-rot-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let clip = folder + "/portrait.mp4"
            try ClipFactory.make(ClipSpec(width: 640, height: 360, durationMs: 20_000, pattern: "smpte", rotation: 90), at: clip)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: ["--controls", "none", "--fullscreen", "--play", clip], display: display)
            defer { app.terminate() }
            let probe = try await app.waitFor("probe", timeout: .seconds(20)) { $0.path == clip }
            #expect(probe.fields["width"]?.int == 360 && probe.fields["height"]?.int == 640, "the row reports the rotated size")
            let fullscreen = try await app.waitFor("fullscreen") { $0.fields["on"]?.bool == true }
            _ = try await app.waitFor("first-frame", after: fullscreen) { $0.fields["window"]?.string == "main" }
            try await Task.sleep(for: .seconds(1))
            let shot = try display.screenshot(crop: "DUMMY0")
            let box = litBox(shot)
            #expect(box.height > box.width, "upright portrait picture (\(box))")
            #expect(box.height > shot.height * 9 / 10, "fills the screen's height (\(box))")
        }

        /// Fraction of dark pixels along the bottom of a solid white picture filling the screen.
        private func darkBottom(controls: String) async throws -> Double {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-ctl-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let clip = folder + "/white.mp4"
            try ClipFactory.make(ClipSpec(width: 1280, height: 800, durationMs: 20_000, pattern: "white"), at: clip)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(
                arguments: ["--controls", controls, "--scaling", "stretch", "--fullscreen", "--play", clip],
                display: display)
            defer { app.terminate() }
            let fullscreen = try await app.waitFor("fullscreen", timeout: .seconds(20)) { $0.fields["on"]?.bool == true }
            _ = try await app.waitFor("first-frame", after: fullscreen) { $0.fields["window"]?.string == "main" }
            try await Task.sleep(for: .milliseconds(700))
            let shot = try display.screenshot(crop: "DUMMY0")
            let bottom = Rect(x: 0, y: shot.height - 60, width: shot.width, height: 60)
            return shot.fraction(in: bottom) { Int($0.r) + Int($0.g) + Int($0.b) < 400 }
        }

        @Test("--controls none shows no control pixels over the video; embedded does, which proves the check")
        func controlsNoneHidesEverything() async throws {
            let none = try await darkBottom(controls: "none")
            #expect(none < 0.001, "no control bar with --controls none (\(none))")
            let embedded = try await darkBottom(controls: "embedded")
            #expect(embedded > 0.05, "the embedded bar is visible right after start (\(embedded))")
        }

        @Test("--check lists the virtual monitors and their modes, then exits 0")
        func checkListsMonitors() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            try display.plug("DUMMY1", modes: ["1920x1080", "1280x720"])
            let app = try AppProcess(arguments: ["--check"], display: display)
            let status = try await app.waitForExit(timeout: .seconds(20))
            #expect(status == 0, "exit status \(status)\n\(app.report())")
            let report = app.stdout
            #expect(report.contains("Session: x11"))
            #expect(report.contains("Display modes: can be set"))
            #expect(report.contains("DUMMY0"))
            #expect(report.contains("DUMMY1"))
            #expect(report.contains("1920x1080@"))
            #expect(report.contains("1280x720@"))
            #expect(report.contains("H.264: "))
        }
    }
}

import Foundation
import Testing
import VideoToyAppTesting
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// Probes run in sandboxed helper processes: a file that crashes the media library costs its row, not the app.
    @Suite("Media helper")
    struct MediaHelperTests {
        @Test("a file that crashes the media helper is skipped with a reason, and the next start answers it from the cache")
        func crashingFileSkipped() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-helper-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let fine = folder + "/a fine.webm", bad = folder + "/b boom.webm", ffv1 = folder + "/c ffv1.mkv"
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: fine)
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: bad)
            // Crashes GStreamer 1.22 about one probe in two: in the app's own process it took the app down.
            try ClipFactory.makeFFV1NineBit(at: ffv1)
            let cache = folder + "-cache"
            defer { try? FileManager.default.removeItem(atPath: cache) }

            // First start: the helper crashes on purpose on the bad file.
            let first = try AppProcess(
                arguments: [folder], display: display,
                environment: ["XDG_CACHE_HOME": cache, "VIDEOTOY_HELPER_FAULT": "crash:boom"])
            defer { first.terminate() }
            let probes = try await Reliability.probes(first, for: [fine, bad, ffv1])
            #expect([nil, "crashed", "out-of-memory"].contains(probes[ffv1]?.fields["error"]?.string), "\(probes[ffv1]?.line ?? "")")
            #expect(probes[bad]?.fields["error"]?.string == "crashed")
            #expect(probes[bad]?.fields["message"]?.string == "Reading this file crashed the media decoder: it is skipped.")
            #expect(probes[fine]?.fields["error"] == nil && (probes[fine]?.fields["width"]?.int ?? 0) == 320)
            #expect(first.isRunning, "the app must outlive its helper\n\(first.report())")
            // The result is saved a moment after it arrives.
            let stored = cache + "/videotoy/probe-cache.tsv"
            try await Fixture.eventually("the cache keeps the crash") {
                ((try? String(contentsOfFile: stored, encoding: .utf8)) ?? "").contains("\tfail\tcrashed\t")
            }
            _ = first.terminate()

            // Second start, without the fault: the file would probe fine, but the cache answers for it.
            let second = try AppProcess(arguments: [folder], display: display, environment: ["XDG_CACHE_HOME": cache])
            defer { second.terminate() }
            let again = try await Reliability.probes(second, for: [fine, bad, ffv1])
            #expect(again[bad]?.fields["error"]?.string == "crashed")
            #expect(again[fine]?.fields["error"] == nil)
            #expect(second.isRunning, "\(second.report())")
        }
    }
}

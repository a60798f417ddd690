import Foundation
import Testing
import VideoToyMedia
import VideoToyMediaTesting

@Suite("Resources", .serialized)
struct ResourceTests {
    @Test("200 probes and 50 posters leave file descriptors and threads bounded")
    func noLeaks() throws {
        let paths = try [
            Fixtures.clip("leak-a.mp4", ClipSpec(durationMs: 1000)),
            Fixtures.clip("leak-b.webm", ClipSpec(durationMs: 1000, container: .webm, videoCodec: .vp8)),
            Fixtures.file("leak-text.mp4") { try ClipFactory.makeText(at: $0) },
            Fixtures.file("leak-cut.mp4") { try ClipFactory.makeTruncatedBeforeIndex(at: $0) },
        ]
        let prober = MediaProber(), maker = PosterMaker()
        // Warm up: plugin loading and GStreamer's shared thread pools are created once.
        for path in paths { _ = prober.probe(path: path); _ = maker.poster(path: path, durationMs: nil) }
        let before = processResources()
        for index in 0..<200 { _ = prober.probe(path: paths[index % paths.count]) }
        for index in 0..<50 { _ = maker.poster(path: paths[index % 2], durationMs: 1000) }
        let after = processResources()
        if ProcessInfo.processInfo.environment["VIDEOTOY_BENCH"] != nil {
            print("RESOURCES fds \(before.fds) → \(after.fds), threads \(before.threads) → \(after.threads)")
        }
        // Other suites run in parallel in this process, so allow their transient use; a leak per call would add 50+.
        #expect(after.fds - before.fds < 25, "fds \(before.fds) → \(after.fds)")
        #expect(after.threads - before.threads < 25, "threads \(before.threads) → \(after.threads)")
    }
}

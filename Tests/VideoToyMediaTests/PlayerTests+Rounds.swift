import Testing
import VideoToyCore

@testable import VideoToyMedia

extension PlayerTests {
    @Test("played from the start again after each end, with its picture still on screen: no GStreamer CRITICAL, every round plays")
    func roundsAfterTheEnd() throws {
        let before = GStreamerCriticals.count("gst_sample_set_caps")
        let clip = try Fixtures.clip("player-1s.mp4", ClipSpec(durationMs: 1000))
        // The view keeps the last picture until the next one comes: so does this output.
        let harness = PlayerHarness(path: clip, output: CountingOutput(holdsLast: true))
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        for round in 1...4 {
            let ended = harness.iterate(seconds: 20) { harness.messages.filter { $0 == .endOfStream }.count == round }
            try #require(ended, "round \(round) ends: \(harness.messages)")
            let framesBefore = harness.output.frames.withLock { $0 }
            // What --on-end=loop does at the end: back to the start, and play.
            player.seek(toMs: 0)
            player.play()
            let shown = harness.iterate(seconds: 20) { harness.output.frames.withLock { $0 } > framesBefore + 5 }
            #expect(shown, "round \(round) shows pictures again: \(harness.messages)")
        }
        #expect(GStreamerCriticals.count("gst_sample_set_caps") == before, "gst_sample_set_caps CRITICALs during the rounds")
    }
}

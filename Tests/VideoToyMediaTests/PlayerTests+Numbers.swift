import Testing
import VideoToyCore

@testable import VideoToyMedia

extension PlayerTests {
    @Test(
        "a resume position past what nanoseconds hold (9.3e12 ms, Int.max) is sought without a trap, before and after the preroll",
        arguments: [9_300_000_000_000, Int.max, Int.min])
    func hugeSeeks(ms: Int) throws {
        let harness = PlayerHarness(path: Self.clip)
        let player = try #require(harness.player)
        defer { player.close() }
        // The pre-roll of a selected row seeks like this before the pipeline opens: the seek runs once it holds a picture.
        player.seek(toMs: ms)
        let settled = harness.run(seconds: 20) { message in
            switch message {
            case .prerolled, .endOfStream, .error: true
            default: false
            }
        }
        #expect(settled != nil, "the player settled: \(harness.messages)")
        player.seek(toMs: ms)
        player.play()
        let after = harness.run(seconds: 20) { message in
            switch message {
            case .endOfStream, .error, .playing: true
            default: false
            }
        }
        #expect(after != nil, "the player answered after the second seek: \(harness.messages)")
        #expect(player.durationMs.map { $0 <= MediaTime.longestMs } ?? true)
    }
}

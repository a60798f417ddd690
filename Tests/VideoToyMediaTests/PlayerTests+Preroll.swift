import Testing
import VideoToyCore

@testable import VideoToyMedia

extension PlayerTests {
    static func isPrerolled(_ message: PlayerMessage) -> Bool {
        if case .prerolled = message { return true }
        return false
    }

    @Test("left paused, a player says once it holds its picture, at the start position asked before it opened")
    func prerolledAtTheStartPosition() throws {
        let harness = PlayerHarness(path: Self.clip)
        let player = try #require(harness.player)
        defer { player.close() }
        player.seek(toMs: 1_500)
        let held = harness.run(seconds: 20, until: Self.isPrerolled)
        guard case .prerolled(let position)? = held else {
            Issue.record("never prerolled: \(harness.messages)")
            return
        }
        #expect(abs(position - 1_500) < 100, "at \(position)")
        #expect(harness.output.frames.withLock { $0 } >= 1, "the picture reached the output before playing")
        #expect(!harness.messages.contains { if case .playing = $0 { true } else { false } })
        player.play()
        let first = harness.run(seconds: 20) { $0 == .firstFrame }
        #expect(first != nil, "\(harness.messages)")
        #expect(harness.messages.filter(Self.isPrerolled).count == 1, "the picture before the start seek is not announced, nor playing")
    }
}

import CGStreamer
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests {
    @Test("a play asked before the preroll leaves the decoder paused while the first picture is handed over, then plays")
    func playHeldUntilTheFirstPictureIsDrawn() throws {
        let loop = PrivateMainLoop()
        let output = CountingOutput()
        var messages: [PlayerMessage] = []
        // The pipeline's state as the first picture's message reaches the main loop: (current, pending).
        var atFirstPicture: (GstState, GstState)?
        weak var weakPlayer: Player?
        let player = try #require(
            loop.asThreadDefault {
                Player(path: Self.clip, output: output) { message in
                    messages.append(message)
                    guard message == .firstFrame, let pipeline = weakPlayer?.pipeline else { return }
                    var current = GST_STATE_NULL, pending = GST_STATE_NULL
                    _ = gst_element_get_state(pipeline, &current, &pending, 0)
                    atFirstPicture = (current, pending)
                }
            })
        defer { player.close() }
        weakPlayer = player
        player.play()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, !messages.contains(where: { if case .playing = $0 { true } else { false } }) {
            loop.run(forMilliseconds: 20)
        }
        let states = try #require(atFirstPicture, "no first picture: \(messages)")
        // Played at once, the pipeline was already on its way to PLAYING, decoding the next pictures meanwhile.
        #expect(states.0 != GST_STATE_PLAYING && states.1 != GST_STATE_PLAYING, "\(states.0) → \(states.1)")
        #expect(messages.contains { if case .playing = $0 { true } else { false } }, "never played: \(messages)")
        #expect(output.frames.withLock { $0 } >= 1)
    }
}

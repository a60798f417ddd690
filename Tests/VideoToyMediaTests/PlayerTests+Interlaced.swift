import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// Interlaced video (1080i from camcorders, 576i from TV) reaches the view deinterlaced.
/// It belongs to the serialized Player suite: other tests there count the pipelines alive.
extension PlayerTests {
    @Test("a 1080i clip with motion reaches the view deinterlaced: no combing, where the bare decode combs")
    func interlacedVideoIsDeinterlaced() async throws {
        let format = try #require(FormatCatalogue.formats.first { $0.interlaced && $0.size.height == 1080 })
        let path = try await Catalogue.path(format)
        // The control: decoded without a deinterlacer, the clip's last frame combs, so the measure can see it.
        let raw = try Fixtures.newFolder("combing") + "/last-frame.gray"
        try ClipFactory.runPipeline(
            "filesrc location=\"\(path)\" ! decodebin ! videoconvert ! video/x-raw,format=GRAY8 ! multifilesink location=\"\(raw)\"")
        let bare = try LumaPicture(gray8: raw, width: format.size.width, height: format.size.height)
        // Measured 1.55 for the bare decode and 0.64 deinterlaced; 1 lies between with margin on both sides.
        #expect(bare.combing > 1.2, "the bare decode measures \(bare.combing): the clip has no combing to remove")

        let output = CountingOutput(grabAt: format.frames)
        let harness = PlayerHarness(path: path, output: output)
        let player = try #require(harness.player)
        defer { player.close() }
        // At full size: scaling down would blur the lines together and hide combing.
        player.limitPictureSize(width: format.size.width, height: format.size.height)
        player.play()
        #expect(harness.runToEnd(seconds: 20) == .endOfStream, "\(harness.messages)")
        let shown = try #require(output.grabbed.withLock { $0 }, "only \(output.frames.withLock { $0 }) pictures")
        #expect((shown.width, shown.height) == (format.size.width, format.size.height))
        print("COMBING \(format.name): bare decode \(bare.combing), played \(shown.combing)")
        #expect(shown.combing < 1.0, "the played picture measures \(shown.combing), combed like the bare decode's \(bare.combing)")
    }
}

import CGStreamer
import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// Keeps a reference to the `videoflip` a player makes, so a test can ask it about its state after the play.
private final class FlipCatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: UnsafeMutablePointer<GstElement>?

    var element: UnsafeMutablePointer<GstElement>? { lock.withLock { caught } }

    var factory: ElementFactory {
        ElementFactory { [self] name in
            guard let element = gst_element_factory_make(name, nil) else { return nil }
            if name == "videoflip" {
                _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
                lock.withLock { caught = element }
            }
            return element
        }
    }

    deinit {
        caught.map { gst_object_unref(UnsafeMutableRawPointer($0)) }
    }
}

/// The orientation filter a player puts before the sink: GStreamer 1.22's videoflip copies every picture at identity
/// unless told to pass them through.
@Suite("Player orientation filter")
@MainActor
struct PlayerFlipTests {
    @Test(
        "an upright file's pictures pass through the orientation filter uncopied; a file rotated by its tag is turned",
        arguments: [0, 90])
    func flipPassesUprightPicturesThrough(rotation: Int) throws {
        let clip = try Fixtures.clip(
            "flip-\(rotation).mp4", ClipSpec(width: 320, height: 240, durationMs: 1000, rotation: rotation))
        let catcher = FlipCatcher()
        let loop = PrivateMainLoop()
        let output = CountingOutput()
        var ended = false
        let player = try #require(
            loop.asThreadDefault {
                Player(path: clip, output: output, soundSink: nil, elements: catcher.factory) { message in
                    if case .endOfStream = message { ended = true }
                }
            })
        player.play()
        let deadline = ContinuousClock.now + .seconds(30)
        while !ended, ContinuousClock.now < deadline { loop.run(forMilliseconds: 20) }
        #expect(ended, "the clip plays to its end")
        #expect(output.frames.withLock { $0 } > 0)
        let flip = try #require(catcher.element, "the player made a videoflip")
        let passthrough =
            gst_base_transform_is_passthrough(UnsafeMutableRawPointer(flip).assumingMemoryBound(to: GstBaseTransform.self)) != 0
        #expect(passthrough == (rotation == 0), "passthrough at rotation \(rotation)")
        player.close()
    }
}

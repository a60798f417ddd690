import CGStreamer
import Synchronization
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// Keeps the width of the last picture a sink delivered, from its streaming thread.
private final class WidthOutput: VideoOutput {
    let frames = Mutex(0)
    let lastWidth = Mutex(0)
    func present(_ frame: VideoFrame) {
        frames.withLock { $0 += 1 }
        lastWidth.withLock { $0 = frame.width }
    }
}

@Suite("SampleSink")
struct SampleSinkTests {
    /// How a stream playing into a `SampleSink` ended.
    enum Ending: Equatable {
        case endOfStream
        case error(PlaybackError)
        case timedOut
    }

    @Test("a smaller picture bound while pictures of the old size are on their way: the stream still plays to its end")
    func boundChangedWithPicturesInFlight() throws {
        GStreamer.initialize()
        // The queue after the scaler always holds pictures already scaled to the first size, as playsink's
        // converters after its scaler sometimes do under load; the converter after it cannot rescale them.
        let description =
            "videotestsrc num-buffers=40 ! video/x-raw,width=640,height=360,framerate=25/1 ! "
            + "videoscale ! queue max-size-buffers=20 max-size-time=0 max-size-bytes=0 ! videoconvert name=last"
        let pipeline = try #require(gst_parse_launch(description, nil))
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let appsink = try #require(gst_element_factory_make("appsink", nil))
        let output = WidthOutput()
        let sink = try #require(SampleSink(appsink: appsink, output: output))
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let last = try #require(gst_bin_get_by_name(bin, "last"))
        defer { gst_object_unref(last) }
        #expect(gst_bin_add(bin, sink.element) != 0)
        #expect(gst_element_link(last, sink.element) != 0)
        let bus = try #require(gst_element_get_bus(pipeline))
        defer { gst_object_unref(bus) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)

        // A few pictures shown at the first bound, then the view shrinks, as a window resized while it plays.
        let shown = Self.wait(bus: bus, seconds: 10) { output.frames.withLock { $0 } >= 5 }
        try #require(shown == nil, "ended before the resize: \(String(describing: shown))")
        sink.limit(maxSide: 320)
        let ending = Self.wait(bus: bus, seconds: 20) { false }
        #expect(ending == .endOfStream)
        #expect(output.frames.withLock { $0 } >= 35, "\(output.frames.withLock { $0 }) pictures")
        // The bound still applies once the pictures on their way have gone.
        #expect(output.lastWidth.withLock { $0 } == 320)
    }

    /// Pops the bus until the stream ends or `done` holds (nil then), for up to `seconds`.
    private static func wait(bus: UnsafeMutablePointer<GstBus>, seconds: Int, until done: () -> Bool) -> Ending? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if done() { return nil }
            let types = GstMessageType(GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
            guard let message = gst_bus_timed_pop_filtered(bus, 20_000_000, types) else { continue }
            defer { vt_message_unref(message) }
            if vt_message_type(message) == GST_MESSAGE_EOS { return .endOfStream }
            return .error(MessageText.error(message).error)
        }
        return .timedOut
    }
}

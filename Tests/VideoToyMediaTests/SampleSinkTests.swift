import CGStreamer
import Synchronization
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// Keeps the size of the last picture a sink delivered, from its streaming thread.
private final class WidthOutput: VideoOutput {
    let frames = Mutex(0)
    let lastWidth = Mutex(0)
    let lastHeight = Mutex(0)
    func present(_ frame: VideoFrame) {
        frames.withLock { $0 += 1 }
        lastWidth.withLock { $0 = frame.width }
        lastHeight.withLock { $0 = frame.height }
    }
}

/// A parsed pipeline whose element named `last` plays into a `SampleSink`, taken down with this object.
private final class SinkPipeline {
    let pipeline: UnsafeMutablePointer<GstElement>
    let sink: SampleSink
    let output = WidthOutput()
    let bus: UnsafeMutablePointer<GstBus>

    init(_ description: String) throws {
        GStreamer.initialize()
        let pipeline = try #require(gst_parse_launch(description, nil))
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let appsink = try #require(gst_element_factory_make("appsink", nil))
        let sink = try #require(SampleSink(appsink: appsink, output: output))
        let last = try #require(gst_bin_get_by_name(bin, "last"))
        defer { gst_object_unref(last) }
        #expect(gst_bin_add(bin, sink.element) != 0)
        #expect(gst_element_link(last, sink.element) != 0)
        (self.pipeline, self.sink) = (pipeline, sink)
        bus = try #require(gst_element_get_bus(pipeline))
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(bus)
        gst_object_unref(pipeline)
    }

    private var bin: UnsafeMutablePointer<GstBin> { UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self) }

    /// The element named `name`, a new reference.
    func element(_ name: String) -> UnsafeMutablePointer<GstElement>? { gst_bin_get_by_name(bin, name) }

    /// Sets the pipeline playing.
    func play() { gst_element_set_state(pipeline, GST_STATE_PLAYING) }
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
        // The queue after the scaler always holds pictures already scaled to the first size, as playsink's
        // converters after its scaler sometimes do under load; the converter after it cannot rescale them.
        let description =
            "videotestsrc num-buffers=40 ! video/x-raw,width=640,height=360,framerate=25/1 ! "
            + "videoscale ! queue max-size-buffers=20 max-size-time=0 max-size-bytes=0 ! videoconvert name=last"
        let run = try SinkPipeline(description)
        let (sink, output, bus) = (run.sink, run.output, run.bus)
        run.play()

        // A few pictures shown at the first bound, then the view shrinks, as a window resized while it plays.
        let shown = Self.wait(bus: bus, seconds: 10) { output.frames.withLock { $0 } >= 5 }
        try #require(shown == nil, "ended before the resize: \(String(describing: shown))")
        sink.limit(width: 320, height: 320)
        let ending = Self.wait(bus: bus, seconds: 20) { false }
        #expect(ending == .endOfStream)
        #expect(output.frames.withLock { $0 } >= 35, "\(output.frames.withLock { $0 }) pictures")
        // The bound still applies once the pictures on their way have gone.
        #expect(output.lastWidth.withLock { $0 } == 320)
    }

    struct FitCase: Sendable, CustomTestStringConvertible {
        let source: String
        let view: (width: Int, height: Int)
        let picture: (width: Int, height: Int)
        var testDescription: String { "\(source) in \(view)" }
    }

    static let fitCases: [FitCase] = [
        // Scaled up to the view's height, as GTK would otherwise scale it on the main thread.
        FitCase(source: "width=320,height=240,pixel-aspect-ratio=1/1", view: (1280, 720), picture: (960, 720)),
        // Anamorphic PAL: 720×576 with 16:15 pixels is 4:3 on screen.
        FitCase(source: "width=720,height=576,pixel-aspect-ratio=16/15", view: (1920, 1080), picture: (1440, 1080)),
        // Down to the view's width, letterboxed.
        FitCase(source: "width=1920,height=800,pixel-aspect-ratio=1/1", view: (960, 540), picture: (960, 400)),
    ]

    @Test("once the source's aspect is seen, pictures come at exactly the size the view shows them", arguments: fitCases)
    func picturesFitTheView(_ example: FitCase) throws {
        let description =
            "videotestsrc num-buffers=15 ! video/x-raw,\(example.source),framerate=25/1 ! identity name=source ! "
            + "videoscale ! videoconvert name=last"
        let run = try SinkPipeline(description)
        let (sink, output, bus) = (run.sink, run.output, run.bus)
        let source = try #require(run.element("source"))
        defer { gst_object_unref(source) }
        let pad = try #require(gst_element_get_static_pad(source, "src"))
        sink.watchSource(pad)
        gst_object_unref(pad)
        sink.limit(width: example.view.width, height: example.view.height)
        run.play()
        #expect(Self.wait(bus: bus, seconds: 20) { false } == .endOfStream)
        // The first picture comes twice: as the preroll, then as the first sample.
        #expect(output.frames.withLock { $0 } >= 15)
        #expect(output.lastWidth.withLock { $0 } == example.picture.width)
        #expect(output.lastHeight.withLock { $0 } == example.picture.height)
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

import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// The appsink end of a player: turns samples into `VideoFrame`s for the output on the streaming thread.
///
/// The first frame after `armFirstFrame` posts an application message on the bus, so the main
/// thread learns of it in order with the pipeline's other messages.
final class SampleSink: @unchecked Sendable {
    /// The element to play into: a bin of the size bound and the appsink, owned by whoever adds it (playbin).
    let element: UnsafeMutablePointer<GstElement>
    private let appsink: UnsafeMutablePointer<GstElement>
    private let bound: UnsafeMutablePointer<GstElement>
    private let lock = NSLock()
    private var output: VideoOutput?
    private var firstFrameArmed = false
    private var lastFrameEnd: Int?
    // The bound set last, until a picture within it arrives; meanwhile the capsfilter is in delayed mode.
    private var pendingBound: (width: Int, height: Int)?
    // The view's size, once reported, and the source pictures' display aspect, once negotiated: with both, pictures
    // are scaled to exactly the size the view shows them at.
    private var viewSize: (width: Int, height: Int)?
    private var sourceAspect: (width: Int, height: Int)?

    /// Builds the sink around `appsink`, or nil without a capsfilter element; `appsink` stays the caller's then.
    init?(appsink: UnsafeMutablePointer<GstElement>, output: VideoOutput, elements: ElementFactory = .registry) {
        guard let bound = elements.make("capsfilter") else { return nil }
        guard let bin = elements.make("bin") else {
            ElementFactory.discard(bound)
            return nil
        }
        self.appsink = appsink
        self.bound = bound
        self.element = bin
        self.output = output
        // A new bound excludes the size already negotiated, while pictures scaled to that size are still on their
        // way (in playsink's converters after the scaler, which cannot rescale them): an appsink with the bound as
        // its caps refused them, and the stream died "not negotiated" (a few resized DNxHD plays in 100, under load).
        // In delayed mode the capsfilter accepts the previous bound until pictures of the new size arrive. That mode
        // costs caps intersections on every buffer (1080p playback took 2.8x playbin's CPU), so it is on only while a
        // new bound is on its way (`limit`, then `deliver`).
        let caps = gst_caps_from_string("video/x-raw,format=BGRA,pixel-aspect-ratio=1/1")
        GProperty.set(appsink, "caps", object: caps)
        vt_caps_unref(caps)
        let binRef = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self)
        _ = gst_bin_add(binRef, bound)
        _ = gst_bin_add(binRef, appsink)
        _ = gst_element_link(bound, appsink)
        if let target = gst_element_get_static_pad(bound, "sink") {
            _ = gst_element_add_pad(bin, gst_ghost_pad_new("sink", target))
            gst_object_unref(target)
        }
        setCaps(bound: (SampleSink.initialMaxSide, SampleSink.initialMaxSide), exact: false)
        GProperty.set(appsink, "enable-last-sample", false)
        GProperty.set(appsink, "max-buffers", UInt32(2))
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            CBox.object(data, as: SampleSink.self).deliver(gst_app_sink_pull_sample(sink))
        }
        callbacks.new_preroll = { sink, data in
            CBox.object(data, as: SampleSink.self).deliver(gst_app_sink_pull_preroll(sink))
        }
        // appsink owns one reference to this object and drops it when the element is finalized.
        gst_app_sink_set_callbacks(gcastApp(appsink), &callbacks, CBox.retain(self), CBox.destroyNotify)
    }

    /// The structure name of the application message that announces the first frame.
    static let firstFrameName = "videotoy-first-frame"

    /// The picture bound before the view has reported its size: about a row's width.
    static let initialMaxSide = 640

    /// Fits pictures to a view of `width` × `height` pixels, and asks upstream to renegotiate.
    ///
    /// Scaling in GStreamer to the view's size costs far less than drawing a full-size frame that the toolkit then
    /// scales on the main thread. Once the source's aspect is known the pictures come at exactly the size the view
    /// shows them at (scaled up as well as down), so the toolkit does not scale them at all; until then videoscale
    /// keeps the display aspect within the bounds.
    func limit(width: Int, height: Int) {
        lock.withLock { viewSize = (max(16, width), max(16, height)) }
        applyBound()
        if let pad = gst_element_get_static_pad(appsink, "sink") {
            gst_pad_push_event(pad, gst_event_new_reconfigure())
            gst_object_unref(pad)
        }
    }

    /// Watches the caps leaving `pad` (after the video filter, before playsink scales) for the pictures' display
    /// aspect; a new aspect fits the bound to it before the caps reach the scaler.
    func watchSource(_ pad: UnsafeMutablePointer<GstPad>) {
        let probe: GstPadProbeCallback = { _, info, data in
            guard let info, let data, let event = gst_pad_probe_info_get_event(info), vt_event_type(event) == GST_EVENT_CAPS else {
                return GST_PAD_PROBE_OK
            }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            if let caps { CBox.object(data, as: SampleSink.self).noteSource(caps) }
            return GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, probe, CBox.retain(self), CBox.destroyNotify)
    }

    private func noteSource(_ caps: UnsafeMutablePointer<GstCaps>) {
        guard let structure = gst_caps_get_structure(caps, 0) else { return }
        var width: Int32 = 0, height: Int32 = 0, parN: Int32 = 1, parD: Int32 = 1
        guard gst_structure_get_int(structure, "width", &width) != 0, gst_structure_get_int(structure, "height", &height) != 0
        else { return }
        if gst_structure_get_fraction(structure, "pixel-aspect-ratio", &parN, &parD) == 0 { (parN, parD) = (1, 1) }
        // From the stream: a size or pixel aspect out of reason leaves the bound as it was (a range, by the larger side).
        guard (1...PictureFit.maxSide).contains(Int(width)), (1...PictureFit.maxSide).contains(Int(height)),
            (1...PictureFit.maxSide).contains(Int(parN)), (1...PictureFit.maxSide).contains(Int(parD))
        else { return }
        let aspect = (width: Int(width) * Int(parN), height: Int(height) * Int(parD))
        let changed = lock.withLock { () -> Bool in
            defer { sourceAspect = aspect }
            return sourceAspect.map { $0 != aspect } ?? true
        }
        if changed { applyBound() }
    }

    private func applyBound() {
        let (target, exact) = lock.withLock { () -> ((width: Int, height: Int), Bool) in
            let side = viewSize.map { max($0.width, $0.height) } ?? SampleSink.initialMaxSide
            var target = (width: side, height: side), exact = false
            if let viewSize, let sourceAspect, let fitted = PictureFit.size(aspect: sourceAspect, view: viewSize) {
                (target, exact) = (fitted, true)
            }
            pendingBound = target
            return (target, exact)
        }
        GProperty.set(bound, "caps-change-mode", Int32(1))
        setCaps(bound: target, exact: exact)
    }

    private func setCaps(bound size: (width: Int, height: Int), exact: Bool) {
        let (width, height) = (max(1, size.width), max(1, size.height))
        let sizes = exact ? "width=\(width),height=\(height)" : "width=[1,\(width)],height=[1,\(height)]"
        let caps = gst_caps_from_string("video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,\(sizes)")
        GProperty.set(bound, "caps", object: caps)
        vt_caps_unref(caps)
    }

    /// Makes the next frame announce itself as the first of a play request.
    func armFirstFrame() {
        lock.withLock { firstFrameArmed = true }
    }

    /// Where the last frame shown ends in the stream, in milliseconds; nil before any frame.
    ///
    /// At the end of a file cut short the pipeline reports the index's duration as its position, although
    /// the pictures stopped at the cut: this says where they stopped.
    var lastFrameEndMs: Int? { lock.withLock { lastFrameEnd } }

    /// Stops delivering frames; the pipeline may still run for a moment while it shuts down.
    func detach() {
        lock.withLock { output = nil }
    }

    private func deliver(_ sample: OpaquePointer?) -> GstFlowReturn {
        guard let sample else { return GST_FLOW_OK }
        let end = Self.streamEndMs(sample)
        guard let frame = MappedSample.frame(adopting: sample) else { return GST_FLOW_OK }
        let (target, announce, settled) = lock.withLock { () -> (VideoOutput?, Bool, Bool) in
            defer { firstFrameArmed = false }
            if let end { lastFrameEnd = end }
            // A picture within the new bound means none of the old size is still on its way.
            var settled = false
            if let bound = pendingBound, frame.width <= bound.width, frame.height <= bound.height {
                pendingBound = nil
                settled = true
            }
            return (output, firstFrameArmed && output != nil, settled)
        }
        if settled { GProperty.set(bound, "caps-change-mode", Int32(0)) }
        target?.present(frame)
        if announce {
            let structure = gst_structure_new_empty(SampleSink.firstFrameName)
            let message = gst_message_new_application(UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstObject.self), structure)
            gst_element_post_message(appsink, message)
        }
        return GST_FLOW_OK
    }

    /// The stream time at which `sample`'s picture ends, in milliseconds.
    private static func streamEndMs(_ sample: OpaquePointer) -> Int? {
        guard let buffer = gst_sample_get_buffer(sample), let segment = gst_sample_get_segment(sample) else { return nil }
        let pts = vt_buffer_pts(buffer), duration = vt_buffer_duration(buffer)
        guard pts != vt_clock_time_none() else { return nil }
        let time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts)
        guard time != vt_clock_time_none() else { return nil }
        // Timestamps come from the file: their sum may pass what 64 bits hold.
        let (end, overflow) = UInt64(time).addingReportingOverflow(UInt64(duration == vt_clock_time_none() ? 0 : duration))
        return MediaTime.milliseconds(nanoseconds: overflow ? UInt64.max : end)
    }
}

private func gcastApp(_ element: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GstAppSink> {
    UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSink.self)
}

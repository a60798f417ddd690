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
    private var pendingSide: Int?

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
        setCaps(maxSide: SampleSink.initialMaxSide)
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

    /// Lets pictures be at most `maxSide` pixels wide and high, and asks upstream to renegotiate.
    ///
    /// Scaling in GStreamer to the view's size costs far less than drawing a full-size frame that the
    /// toolkit then shrinks on the main thread; videoscale keeps the display aspect within the bounds.
    func limit(maxSide: Int) {
        lock.withLock { pendingSide = max(16, maxSide) }
        GProperty.set(bound, "caps-change-mode", Int32(1))
        setCaps(maxSide: maxSide)
        if let pad = gst_element_get_static_pad(appsink, "sink") {
            gst_pad_push_event(pad, gst_event_new_reconfigure())
            gst_object_unref(pad)
        }
    }

    private func setCaps(maxSide: Int) {
        let side = max(16, maxSide)
        let caps = gst_caps_from_string("video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=[1,\(side)],height=[1,\(side)]")
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
            if let side = pendingSide, frame.width <= side, frame.height <= side {
                pendingSide = nil
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

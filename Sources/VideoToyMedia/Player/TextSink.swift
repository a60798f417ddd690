import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// playbin's text sink: the selected embedded subtitle track's cues, taken as text rather than burnt into the pictures,
/// so the view draws them at its own size on whichever screen shows it.
///
/// Cues arrive on the streaming thread when they are due (the sink is clock-synced); each is queued and announced by an
/// application message on the bus, so the main thread takes it in order with the pipeline's other messages.
///
/// Which track a cue comes from cannot be read at the sink: input-selector does not pass the new track's stream-start
/// on after a switch. Instead a switch is followed by a flushing seek, and until that flush reaches the sink every cue
/// is the old track's.
final class TextSink: @unchecked Sendable {
    /// The structure name of the application message that announces queued cues.
    static let cueName = "videotoy-cue"

    /// The appsink, owned by whoever adds it (playbin).
    let element: UnsafeMutablePointer<GstElement>
    private let lock = NSLock()
    private var queued: [SubtitleCue] = []
    private var detached = false
    // The flushes that reached the sink, and how many must have before cues are taken again.
    private var flushes = 0
    private var takenFromFlush = 0

    /// Builds the sink, or nil without an appsink element.
    init?() {
        guard let appsink = gst_element_factory_make("appsink", nil) else { return nil }
        element = appsink
        // Plain and Pango-marked-up text: decodebin then parses SubRip, ASS and WebVTT down to it.
        let caps = gst_caps_from_string("text/x-raw")
        GProperty.set(appsink, "caps", object: caps)
        vt_caps_unref(caps)
        GProperty.set(appsink, "sync", true)
        // A sparse stream may have no cue for minutes: waiting for one would keep the pipeline from pausing.
        GProperty.set(appsink, "async", false)
        GProperty.set(appsink, "enable-last-sample", false)
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            CBox.object(data, as: TextSink.self).take(gst_app_sink_pull_sample(sink), from: sink)
        }
        callbacks.new_preroll = { sink, _ in
            // The preroll sample comes again as a sample once playing; only then is it due.
            if let sample = gst_app_sink_pull_preroll(sink) { vt_sample_unref(sample) }
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(
            UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstAppSink.self), &callbacks, CBox.retain(self),
            CBox.destroyNotify)
        if let pad = gst_element_get_static_pad(appsink, "sink") {
            _ = gst_pad_add_probe(
                pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH,
                { _, info, data in
                    if let event = info?.pointee.data?.assumingMemoryBound(to: GstEvent.self), event.pointee.type == GST_EVENT_FLUSH_STOP {
                        CBox.object(data, as: TextSink.self).flushed()
                    }
                    return GST_PAD_PROBE_OK
                }, CBox.retain(self), CBox.destroyNotify)
            gst_object_unref(pad)
        }
    }

    /// Takes the cues queued so far, oldest first.
    func drain() -> [SubtitleCue] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }

    /// Drops the cues that reach the sink until the next flush: call it once another track is selected, just before the
    /// seek that flushes the old track's cues out of the pipeline.
    func dropUntilFlush() {
        lock.withLock { takenFromFlush = flushes + 1 }
    }

    private func flushed() {
        lock.withLock { flushes += 1 }
    }

    /// Stops queueing cues; the pipeline may still run for a moment while it shuts down.
    func detach() {
        lock.withLock {
            detached = true
            queued.removeAll()
        }
    }

    private func take(_ sample: OpaquePointer?, from sink: UnsafeMutablePointer<GstAppSink>?) -> GstFlowReturn {
        guard let sample else { return GST_FLOW_OK }
        defer { vt_sample_unref(sample) }
        guard let cue = TextSink.cue(sample) else { return GST_FLOW_OK }
        let announce = lock.withLock { () -> Bool in
            guard !detached, flushes >= takenFromFlush else { return false }
            queued.append(cue)
            return queued.count == 1
        }
        if announce, let sink {
            let source = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstObject.self)
            let message = gst_message_new_application(source, gst_structure_new_empty(TextSink.cueName))
            gst_element_post_message(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstElement.self), message)
        }
        return GST_FLOW_OK
    }

    /// The cue a sample carries, timed in stream time (what position queries answer), with Pango markup removed.
    private static func cue(_ sample: OpaquePointer) -> SubtitleCue? {
        guard let buffer = gst_sample_get_buffer(sample), let segment = gst_sample_get_segment(sample) else { return nil }
        let pts = vt_buffer_pts(buffer), duration = vt_buffer_duration(buffer)
        guard pts != vt_clock_time_none() else { return nil }
        // After a flushing seek the cue in progress comes again with its own start, before the segment's: the plain
        // conversion gives none for it, the full one counts back from the segment.
        var start: guint64 = 0
        guard gst_segment_to_stream_time_full(segment, GST_FORMAT_TIME, pts, &start) == 1 else { return nil }
        // A cue without a duration stays until the next one; five seconds bounds a stream that sends no other.
        let length = duration == vt_clock_time_none() ? 5_000_000_000 : duration
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        let bytes = UnsafeBufferPointer(start: map.data, count: Int(map.size))
        var text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        if let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0),
            let format = gst_structure_get_string(structure, "format"), String(cString: format) == "pango-markup"
        {
            text = SubtitleMarkup.plainText(pango: text)
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        let startMs = Int(start / 1_000_000)
        return SubtitleCue(startMs: startMs, endMs: startMs + Int(length / 1_000_000), text: text, placement: .bottom)
    }
}

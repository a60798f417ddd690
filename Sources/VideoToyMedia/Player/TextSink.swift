import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// playbin's text sink: the selected embedded subtitle track's cues, taken as text rather than burnt into the pictures,
/// so the view draws them at its own size on whichever screen shows it.
///
/// Cues arrive on the streaming thread when they are due (the sink is clock-synced); each is queued and announced by an
/// application message on the bus, so the main thread takes it in order with the pipeline's other messages.
final class TextSink: @unchecked Sendable {
    /// The structure name of the application message that announces queued cues.
    static let cueName = "videotoy-cue"

    /// The appsink, owned by whoever adds it (playbin).
    let element: UnsafeMutablePointer<GstElement>
    private let lock = NSLock()
    private var queued: [(flushes: Int, cue: SubtitleCue)] = []
    // Written by a pad probe on the streaming thread; lives as long as this object, which outlives the appsink's pad.
    private let flushCounter = UnsafeMutablePointer<gint>.allocate(capacity: 1)
    private var detached = false
    // The header of the ASS track playing, read once from its caps' codec data: the styles its events name.
    private var assHeader: (codecData: [UInt8], header: ASSHeader)?
    // The header of the track selected last, when it is ASS: after a switch the samples keep the first track's caps.
    private var selectedHeader: ASSHeader?

    /// Builds the sink, or nil without an appsink element.
    init?(elements: ElementFactory = .registry) {
        guard let appsink = elements.make("appsink") else { return nil }
        element = appsink
        flushCounter.initialize(to: 0)
        vt_count_flushes(appsink, flushCounter)
        // Plain and Pango-marked-up text: decodebin then parses SubRip and WebVTT down to it. ASS and SSA are taken as
        // the demuxer gives them, events and header, because GStreamer's parser for them drops every override tag
        // and the style the event names. Picture subtitles (DVD, Blu-ray, DVB) are taken as they are and dropped:
        // refused, they would leave their stream unlinked.
        let caps = gst_caps_from_string((TextSink.assFormats + TextSink.pictureFormats).reduce("text/x-raw") { $0 + "; " + $1 })
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
        callbacks.new_preroll = { sink, data in
            // A paused picture (after a seek, or the first one) shows its cue too; the player passes each cue once.
            CBox.object(data, as: TextSink.self).take(gst_app_sink_pull_preroll(sink), from: sink)
        }
        gst_app_sink_set_callbacks(
            UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstAppSink.self), &callbacks, CBox.retain(self),
            CBox.destroyNotify)
    }

    /// The ASS and SSA formats the sink reads itself.
    static let assFormats = ["application/x-ass", "application/x-ssa"]

    /// The picture subtitle formats the sink takes but cannot show.
    static let pictureFormats = ["subpicture/x-dvd", "subpicture/x-pgs", "subpicture/x-dvb", "video/x-dvd-subpicture"]

    deinit {
        flushCounter.deallocate()
    }

    /// How many flushes have reached the sink: after a track switch and the seek that follows it, cues from before the
    /// seek's flush are the previous track's.
    var flushes: Int { Int(vt_atomic_get(flushCounter)) }

    /// Takes the cues queued so far, oldest first, each with the number of flushes the sink had seen when it came.
    func drain() -> [(flushes: Int, cue: SubtitleCue)] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }

    /// Takes the caps of the subtitle stream just selected. playbin's stream selector does not pass a new stream's caps
    /// on after a switch, so its samples keep the caps of the track that played first: an ASS track's events are then
    /// known by their form and read in the header these caps carry, and text that is no event is read as Pango text.
    func follow(streamCaps caps: UnsafeMutablePointer<GstCaps>?) {
        let structure = caps.flatMap { gst_caps_get_structure($0, 0) }
        let header = structure.flatMap { structure in
            TextSink.assFormats.contains(where: { gst_structure_has_name(structure, $0) != 0 }) ? self.header(structure) : nil
        }
        lock.withLock { selectedHeader = header }
    }

    /// Drops the cues that start at `ms` or later before they reach the sink: past the movie's end they could never
    /// show, and the clock-synced sink would hold the end of the file until their time.
    func dropCues(fromMs ms: Int) {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(pad) }
        let limit = UnsafeMutablePointer<GstClockTime>.allocate(capacity: 1)
        limit.initialize(to: GstClockTime(MediaTime.nanoseconds(ms: ms)))
        let late: GstPadProbeCallback = { _, info, data in
            guard let info, let raw = info.pointee.data, let data else { return GST_PAD_PROBE_OK }
            let pts = vt_buffer_pts(raw.assumingMemoryBound(to: GstBuffer.self))
            let limit = data.assumingMemoryBound(to: GstClockTime.self).pointee
            return pts != vt_clock_time_none() && pts >= limit ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, late, limit) { $0?.deallocate() }
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
        guard let cue = cue(sample) else { return GST_FLOW_OK }
        let flushes = self.flushes
        let announce = lock.withLock { () -> Bool in
            guard !detached else { return false }
            queued.append((flushes, cue))
            return queued.count == 1
        }
        if announce, let sink {
            let source = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstObject.self)
            let message = gst_message_new_application(source, gst_structure_new_empty(TextSink.cueName))
            gst_element_post_message(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstElement.self), message)
        }
        return GST_FLOW_OK
    }

    /// The cue a sample carries, timed in stream time (what position queries answer), its Pango markup or ASS
    /// event read into styles.
    private func cue(_ sample: OpaquePointer) -> SubtitleCue? {
        guard let buffer = gst_sample_get_buffer(sample), let segment = gst_sample_get_segment(sample) else { return nil }
        let pts = vt_buffer_pts(buffer), duration = vt_buffer_duration(buffer)
        guard pts != vt_clock_time_none() else { return nil }
        // After a seek the cue in progress comes again with its own start, before the new segment's start: the plain
        // conversion gives no time for it, the full one a time behind the segment.
        var streamTime: guint64 = 0
        let sign = gst_segment_to_stream_time_full(segment, GST_FORMAT_TIME, pts, &streamTime)
        guard sign != 0 else { return nil }
        // The file's timestamps: a time past Int64.max is clamped rather than trapped on.
        let magnitude = Int64(clamping: streamTime)
        let start = sign > 0 ? magnitude : -magnitude
        // A cue without a duration stays until the next one; five seconds bounds a stream that sends no other.
        let length = duration == vt_clock_time_none() ? 5_000_000_000 : duration
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        let bytes = UnsafeBufferPointer(start: map.data, count: Int(map.size))
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        guard let caps = gst_sample_get_caps(sample), let structure = gst_caps_get_structure(caps, 0) else { return nil }
        var styled = StyledText(plain: text.trimmingCharacters(in: .whitespacesAndNewlines))
        var placement = SubtitlePlacement.bottom
        let isASS = TextSink.assFormats.contains(where: { gst_structure_has_name(structure, $0) != 0 })
        let isText = gst_structure_has_name(structure, "text/x-raw") != 0
        let format = isText ? gst_structure_get_string(structure, "format").map { String(cString: $0) } : nil
        let eventHeader = lock.withLock { selectedHeader } ?? (isASS ? header(structure) : nil)
        if let read = eventHeader?.cue(event: text) {
            (styled, placement) = read
        } else if isASS || format == "pango-markup" {
            (styled, placement) = SubtitleMarkup.styledText(pango: text)
        } else if !isText {
            return nil
        }
        guard !styled.isEmpty else { return nil }
        let startMs = MediaTime.milliseconds(nanoseconds: start)
        let endMs = MediaTime.offset(startMs, by: MediaTime.milliseconds(nanoseconds: UInt64(length)))
        return SubtitleCue(startMs: startMs, endMs: endMs, styled: styled, placement: placement)
    }

    /// The ASS header in the caps' codec data, read again only when it changes (another track).
    private func header(_ structure: UnsafeMutablePointer<GstStructure>) -> ASSHeader {
        var bytes: [UInt8] = []
        if let value = gst_structure_get_value(structure, "codec_data"), let object = g_value_get_boxed(value) {
            let buffer = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GstBuffer.self)
            var map = GstMapInfo()
            if gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 {
                bytes = Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
                gst_buffer_unmap(buffer, &map)
            }
        }
        return lock.withLock {
            if let assHeader, assHeader.codecData == bytes { return assHeader.header }
            let header = ASSHeader(script: String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
            assHeader = (bytes, header)
            return header
        }
    }
}

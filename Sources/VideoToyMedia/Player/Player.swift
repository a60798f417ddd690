import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// Plays one file with a `playbin` whose pictures go to a `VideoOutput`; one decoder per item, ever.
///
/// Control calls and messages belong to the main thread; only the appsink callbacks run on
/// GStreamer's streaming thread, and they touch nothing but the output and a locked flag.
@MainActor
public final class Player {
    /// The file being played.
    public let path: String
    private let pipeline: UnsafeMutablePointer<GstElement>
    private let sink: SampleSink
    private let onMessage: @MainActor (PlayerMessage) -> Void
    private var busWatch: guint = 0
    private var wantPlaying = false
    private var pendingSeekMs: Int?
    private var lastReportedState: GstState = GST_STATE_NULL
    private var closed = false
    private var pictureLimit = SampleSink.initialMaxSide
    // Until a flushing seek completes the pipeline still reports the old position; relative seeks pressed in
    // quick succession (Right, Right) must add up, and the seek bar must not jump back.
    // A seek that never reports completion must not freeze the position, hence the time limit.
    private var seekInFlight: (ms: Int, since: ContinuousClock.Instant)?

    /// Creates a paused player for `path`; messages arrive through `onMessage` on the main thread.
    public init?(path: String, output: VideoOutput, onMessage: @escaping @MainActor (PlayerMessage) -> Void) {
        GStreamer.initialize()
        guard let uri = PathBytes.withCString(path, { gst_filename_to_uri($0, nil) }),
              let playbin = gst_element_factory_make("playbin", nil),
              let appsink = gst_element_factory_make("appsink", nil) else { return nil }
        defer { g_free(uri) }
        self.path = path
        self.pipeline = playbin
        self.onMessage = onMessage
        self.sink = SampleSink(appsink: appsink, output: output)
        GProperty.set(playbin, "uri", String(cString: uri))
        // playsink converts and rescales to what the appsink accepts: BGRA with square pixels.
        GProperty.set(playbin, "video-sink", object: appsink)
        if let flip = gst_element_factory_make("videoflip", nil) {
            // 8 is GST_VIDEO_ORIENTATION_AUTO: follow the file's image-orientation tag.
            GProperty.set(flip, "video-direction", Int32(8))
            GProperty.set(playbin, "video-filter", object: flip)
        }
        let bus = gst_element_get_bus(playbin)
        let me = Unmanaged.passUnretained(self).toOpaque()
        busWatch = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, { _, message, data in
            let player = Unmanaged<Player>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { player.handle(message!) }
            return 1
        }, me, nil)
        gst_object_unref(bus)
        gst_element_set_state(playbin, GST_STATE_PAUSED)
    }

    /// Starts or resumes playback.
    public func play() {
        guard !closed else { return }
        wantPlaying = true
        sink.armFirstFrame()
        // With a start position pending, playing waits for preroll and the seek, or the file's first frames would show.
        if pendingSeekMs == nil { gst_element_set_state(pipeline, GST_STATE_PLAYING) }
    }

    /// Pauses where it is.
    public func pause() {
        guard !closed else { return }
        wantPlaying = false
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
    }

    /// Seeks to `ms`; before the pipeline is prerolled the seek waits for it.
    public func seek(toMs ms: Int) {
        guard !closed else { return }
        var state = GST_STATE_NULL
        gst_element_get_state(pipeline, &state, nil, 0)
        guard state == GST_STATE_PAUSED || state == GST_STATE_PLAYING else {
            pendingSeekMs = ms
            return
        }
        // Accurate, not key-unit: files with long key-frame intervals would otherwise snap back to their start.
        let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        if gst_element_seek_simple(pipeline, GST_FORMAT_TIME, flags, gint64(max(0, ms)) * 1_000_000) != 0 {
            seekInFlight = (max(0, ms), .now)
        }
    }

    /// Bounds the decoded pictures to the view's size in pixels (its larger side).
    public func limitPictureSize(toPixels side: Int) {
        guard !closed, side != pictureLimit else { return }
        pictureLimit = side
        sink.limit(maxSide: side)
    }

    /// The current position in milliseconds, if known.
    public var positionMs: Int? {
        if let target = seekInFlight, ContinuousClock.now - target.since < .seconds(1) { return target.ms }
        if let pending = pendingSeekMs { return pending }
        var pos: gint64 = 0
        guard !closed, gst_element_query_position(pipeline, GST_FORMAT_TIME, &pos) != 0, pos >= 0 else { return nil }
        return Int(pos / 1_000_000)
    }

    /// The duration in milliseconds, if known.
    public var durationMs: Int? {
        var duration: gint64 = 0
        guard !closed, gst_element_query_duration(pipeline, GST_FORMAT_TIME, &duration) != 0, duration > 0 else { return nil }
        return Int(duration / 1_000_000)
    }

    /// True while playback is requested (not paused, not ended).
    public var isPlaying: Bool { wantPlaying }

    /// Volume from 0 to 1.
    public var volume: Double {
        get { closed ? 0 : GProperty.double(pipeline, "volume") }
        set { if !closed { GProperty.set(pipeline, "volume", min(1, max(0, newValue))) } }
    }

    /// Whether sound is muted.
    public var muted: Bool {
        get { closed ? false : GProperty.bool(pipeline, "mute") }
        set { if !closed { GProperty.set(pipeline, "mute", newValue) } }
    }

    /// Stops and frees the pipeline; shutting down the streaming threads happens off the main thread.
    public func close() {
        guard !closed else { return }
        closed = true
        wantPlaying = false
        if busWatch != 0 { g_source_remove(busWatch); busWatch = 0 }
        sink.detach()
        let doomed = PipelineHandle(pipeline)
        DispatchQueue.global(qos: .utility).async { doomed.shutDown() }
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard !closed else { return }
        switch vt_message_type(message) {
        case GST_MESSAGE_EOS:
            wantPlaying = false
            onMessage(.endOfStream)
        case GST_MESSAGE_ERROR:
            wantPlaying = false
            onMessage(.error(MessageText.error(message)))
        case GST_MESSAGE_ASYNC_DONE:
            seekInFlight = nil
            if let ms = pendingSeekMs {
                pendingSeekMs = nil
                seek(toMs: ms)
                if wantPlaying { gst_element_set_state(pipeline, GST_STATE_PLAYING) }
            }
            if let ms = durationMs { onMessage(.duration(ms: ms)) }
        case GST_MESSAGE_DURATION_CHANGED:
            if let ms = durationMs { onMessage(.duration(ms: ms)) }
        case GST_MESSAGE_STATE_CHANGED:
            guard UnsafeMutableRawPointer(vt_message_src(message)) == UnsafeMutableRawPointer(pipeline) else { return }
            var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, &pending)
            guard new != lastReportedState, pending == GST_STATE_VOID_PENDING else { return }
            lastReportedState = new
            if new == GST_STATE_PLAYING { onMessage(.playing(positionMs: positionMs ?? 0)) }
            if new == GST_STATE_PAUSED && old == GST_STATE_PLAYING { onMessage(.paused(positionMs: positionMs ?? 0)) }
        case GST_MESSAGE_APPLICATION:
            onMessage(.firstFrame)
        default:
            break
        }
    }
}

/// Owns a pipeline reference so it can be torn down on a worker thread.
private final class PipelineHandle: @unchecked Sendable {
    let pipeline: UnsafeMutablePointer<GstElement>
    init(_ pipeline: UnsafeMutablePointer<GstElement>) { self.pipeline = pipeline }
    func shutDown() {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(pipeline)
    }
}

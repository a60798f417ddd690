import CGLib
import CGStreamer
import VideoToyCore
import VideoToyGObject

/// Decodes one representative frame of a video as a small BGRA picture for the library's rows.
///
/// Each call builds, prerolls and tears down its own pipeline, so calls from several threads are independent.
public final class PosterMaker: Sendable {
    /// The tallest picture produced, in pixels.
    public let maxHeight: Int
    /// How long one poster may take before the call gives up.
    public let timeoutSeconds: Int

    /// Creates a maker of posters at most `maxHeight` pixels high.
    public init(maxHeight: Int = 180, timeoutSeconds: Int = 10) {
        self.maxHeight = max(1, maxHeight)
        self.timeoutSeconds = max(1, timeoutSeconds)
        GStreamer.initialize()
    }

    /// Decodes a frame about 10% into the video (at most 30 s in), blocking (at most about `timeoutSeconds`);
    /// run it off the main thread.
    public func poster(path: String, durationMs: Int?) -> Result<VideoFrame, ProbeFailure> {
        // The bus deadline covers the pipeline, not a file system that stopped answering (nor the teardown then).
        Bounded.run(seconds: Double(timeoutSeconds) + 0.5) { [self] in posterNow(path: path, durationMs: durationMs) }
            ?? .failure(.timedOut(seconds: timeoutSeconds))
    }

    private func posterNow(path: String, durationMs: Int?) -> Result<VideoFrame, ProbeFailure> {
        switch FileCheck.inspect(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let file):
            // Its entries would make the demuxers fetch other files or network addresses.
            if let kind = PlaylistSniffer.kind(head: file.head) { return .failure(.playlist(kind: kind)) }
        }
        guard let uri = PathBytes.withCString(path, { gst_filename_to_uri($0, nil) }) else {
            return .failure(.other("Invalid path: \(path)"))
        }
        defer { g_free(uri) }
        guard let playbin = gst_element_factory_make("playbin", nil) else {
            return .failure(.other("GStreamer's playbin is not installed."))
        }
        // Unreffing without reaching NULL leaks streaming threads and file descriptors.
        defer {
            gst_element_set_state(playbin, GST_STATE_NULL)
            gst_object_unref(playbin)
        }
        let description =
            "videoflip video-direction=auto ! videoconvert ! videoscale ! "
            + "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,height=[1,\(maxHeight)] ! appsink name=poster sync=false"
        var error: UnsafeMutablePointer<GError>?
        guard let bin = gst_parse_bin_from_description(description, 1, &error) else {
            defer { if let error { g_error_free(error) } }
            return .failure(.other(error?.pointee.message.map { String(cString: $0) } ?? "Bad poster pipeline."))
        }
        GProperty.set(playbin, "uri", String(cString: uri))
        // Only the picture matters: with audio disabled, no audio decoder or sink is ever built.
        GProperty.set(playbin, "flags", UInt32(1))
        GProperty.set(playbin, "video-sink", object: bin)
        // playbin still builds its default audio sink, which probes the sound card (ALSA noise, fds) unless replaced.
        if let silent = gst_element_factory_make("fakesink", nil) { GProperty.set(playbin, "audio-sink", object: silent) }
        guard let sinkElement = gst_bin_get_by_name(gcast(bin), "poster") else {
            return .failure(.other("The poster sink is missing."))
        }
        defer { gst_object_unref(sinkElement) }

        let deadline = BusWait.deadline(seconds: timeoutSeconds)
        var missing: String?
        gst_element_set_state(playbin, GST_STATE_PAUSED)
        if let failure = failure(of: BusWait.wait(playbin, until: deadline, missingDecoder: &missing), missing: missing) {
            return .failure(failure)
        }

        var duration = gint64(MediaTime.nanoseconds(ms: MediaTime.durationMs(durationMs) ?? 0))
        if duration <= 0 { gst_element_query_duration(playbin, GST_FORMAT_TIME, &duration) }
        let target = min(duration / 10, 30_000_000_000)
        if target > 0 {
            let flags = GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue
            if gst_element_seek_simple(playbin, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), target) != 0,
                let failure = failure(of: BusWait.wait(playbin, until: deadline, missingDecoder: &missing), missing: missing)
            {
                return .failure(failure)
            }
        }
        let remaining = max(0, deadline - Int64(g_get_monotonic_time())) * 1000
        guard let sample = gst_app_sink_try_pull_preroll(gcast(sinkElement), GstClockTime(remaining)) else {
            return .failure(failure(of: .endOfStream, missing: missing) ?? .other("No picture could be decoded."))
        }
        defer { vt_sample_unref(sample) }
        guard let frame = PixelCopy.frame(from: sample) else { return .failure(.other("The decoded picture is unreadable.")) }
        return .success(frame)
    }

    private func failure(of outcome: BusWait.Outcome, missing: String?) -> ProbeFailure? {
        if case .asyncDone = outcome { return nil }
        if case .timedOut = outcome { return .timedOut(seconds: timeoutSeconds) }
        if let missing, let kind = PlaylistSniffer.kind(mediaType: missing) { return .playlist(kind: kind) }
        if let missing {
            // An installed decoder that refused the stream (a huge picture) is not a package to install.
            let package = CodecNames.hasDecoder(forMediaType: missing) ? nil : CodecNames.package(forMediaType: missing)
            return .missingDecoder(codec: CodecNames.fallbackName(missing), package: package)
        }
        switch outcome {
        case .error(let domain, _, let message):
            return domain == gst_stream_error_quark() ? .incomplete(detail: message) : .other(message)
        default:
            return .other("The file has no picture to show.")
        }
    }
}

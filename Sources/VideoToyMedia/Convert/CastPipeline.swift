import CGLib
import CGStreamer
import Foundation
import VideoToyCore
import VideoToyGObject

/// The converter's GStreamer pipeline: any file GStreamer decodes, as H.264 and AAC in MPEG-TS written to one fd.
///
/// filesrc → decodebin, whose first video stream goes through videoconvert, videoscale (at most 1920×1080, square
/// pixels, 4:2:0 as every TV decodes), x264enc and h264parse, and whose first audio stream through audioconvert,
/// audioresample, an AAC encoder and aacparse, both into mpegtsmux → fdsink. Other streams end in fakesinks. Given a
/// SubRip file, filesrc → subparse feeds a textoverlay between the scaling and x264enc, so the text is drawn at the
/// size the TV gets.
final class CastPipeline: @unchecked Sendable {
    /// The AAC encoders tried in turn: libav's is in gstreamer1.0-libav, voaacenc in plugins-bad.
    static let aacEncoders = ["avenc_aac", "voaacenc", "fdkaacenc"]
    /// H.264 bitrate in kbit/s: plenty for 1080p at x264's veryfast preset, within any home network's reach.
    static let videoKbps = 6000
    /// Frames between keyframes: about two seconds at 30 fps, so a renderer that joins late waits little.
    static let keyframeInterval = 60

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let mux: UnsafeMutablePointer<GstElement>
    private let subtitles: String?
    // decodebin calls pad-added on its streaming threads, one per stream.
    private let lock = NSLock()
    private var hasVideo = false
    private var hasAudio = false
    private var failure: String?

    /// Reads `path` and writes the stream to `output`, with the SubRip file `subtitles` burnt in when given; the reason
    /// when an element is missing.
    static func make(path: String, subtitles: String? = nil, output: Int32) -> Result<CastPipeline, ConvertFailure> {
        let names: [String] = ["filesrc", "decodebin", "mpegtsmux", "fdsink"]
        let made = names.map { name in gst_element_factory_make(name, nil) }
        guard let pipeline = gst_pipeline_new("convert-for-cast"), let source = made[0], let decoder = made[1], let mux = made[2],
            let sink = made[3]
        else {
            made.forEach { ElementFactory.discard($0) }
            return .failure(ConvertFailure("a GStreamer element is missing (filesrc, decodebin, mpegtsmux, fdsink)"))
        }
        PathBytes.withCString(path) { vt_set_string(UnsafeMutableRawPointer(source), "location", $0) }
        vt_set_int(UnsafeMutableRawPointer(sink), "fd", output)
        // The renderer reads at its own pace; the pipe's back-pressure paces the pipeline, not the clock.
        vt_set_bool(UnsafeMutableRawPointer(sink), "sync", 0)
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        for element in [source, decoder, mux, sink] { gst_bin_add(bin, element) }
        guard gst_element_link(source, decoder) != 0, gst_element_link(mux, sink) != 0 else {
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
            return .failure(ConvertFailure("the pipeline does not link"))
        }
        let converter = CastPipeline(pipeline: pipeline, mux: mux, subtitles: subtitles)
        typealias PadAdded = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstPad>?, UnsafeMutableRawPointer?) -> Void
        let added: PadAdded = { _, pad, data in
            guard let pad, let data else { return }
            CBox.object(data, as: CastPipeline.self).padAdded(pad)
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(decoder), "pad-added", unsafeBitCast(added, to: GCallback.self), CBox.retain(converter),
            CBox.closureNotify, GConnectFlags(0))
        return .success(converter)
    }

    private init(pipeline: UnsafeMutablePointer<GstElement>, mux: UnsafeMutablePointer<GstElement>, subtitles: String?) {
        self.pipeline = pipeline
        self.mux = mux
        self.subtitles = subtitles
    }

    deinit {
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// Prerolls, seeks to `fromMs` when it is not 0, and plays to the end; nil at the end of the stream, else why not.
    func run(fromMs: Int, prerollSeconds: Int) -> ConvertFailure? {
        var missing: String?
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        switch BusWait.wait(pipeline, until: BusWait.deadline(seconds: prerollSeconds), missingDecoder: &missing) {
        case .asyncDone: break
        case .endOfStream: return nil
        case .timedOut: return ConvertFailure("the file did not start within \(prerollSeconds) s")
        case .error(_, _, let message): return reason(message, missing: missing)
        }
        if fromMs > 0 {
            // Accurate: the renderer's clock then matches the app's position, not the keyframe before it. On the
            // pipeline, so textoverlay passes it to both its inputs and the subtitles start there too.
            let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
            guard gst_element_seek_simple(pipeline, GST_FORMAT_TIME, flags, fromMs * 1_000_000) != 0 else {
                return ConvertFailure("the file cannot seek to \(fromMs) ms")
            }
            switch BusWait.wait(pipeline, until: BusWait.deadline(seconds: prerollSeconds), missingDecoder: &missing) {
            case .asyncDone: break
            case .endOfStream: return nil
            case .timedOut: return ConvertFailure("the seek to \(fromMs) ms did not end within \(prerollSeconds) s")
            case .error(_, _, let message): return reason(message, missing: missing)
            }
        }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        // No real deadline (a century): a renderer may pause its reading as long as it likes; the app kills this.
        switch BusWait.wait(pipeline, until: BusWait.deadline(seconds: 100 * 365 * 86_400), forAsyncDone: false, missingDecoder: &missing) {
        case .endOfStream: return nil
        case .asyncDone, .timedOut: return ConvertFailure("the pipeline stopped")
        case .error(_, _, let message): return reason(message, missing: missing)
        }
    }

    private func reason(_ message: String, missing: String?) -> ConvertFailure {
        if let failure = lock.withLock({ failure }) { return ConvertFailure(failure) }
        if let missing { return ConvertFailure("no decoder for \(missing)") }
        return ConvertFailure(message)
    }

    private func padAdded(_ pad: UnsafeMutablePointer<GstPad>) {
        let caps = gst_pad_get_current_caps(pad) ?? gst_pad_query_caps(pad, nil)
        var kind = ""
        if let caps {
            if gst_caps_get_size(caps) > 0, let name = gst_structure_get_name(gst_caps_get_structure(caps, 0)) {
                kind = String(cString: name)
            }
            vt_caps_unref(caps)
        }
        let role: Role = lock.withLock {
            if kind.hasPrefix("video/") && !hasVideo {
                hasVideo = true
                return .video
            }
            if kind.hasPrefix("audio/") && !hasAudio {
                hasAudio = true
                return .audio
            }
            return .other
        }
        var chain: [UnsafeMutablePointer<GstElement>] = []
        var overlay: UnsafeMutablePointer<GstElement>?
        switch role {
        case .video: (chain, overlay) = videoChain()
        case .audio: chain = audioChain()
        case .other: break
        }
        if attach(chain, from: pad, toMux: true, overlay: overlay) { return }
        if role == .video {
            // Sound alone is no cast: the run ends with this reason rather than a TS without a picture.
            lock.withLock { failure = failure ?? "the video cannot be converted to H.264 (is x264enc installed?)" }
            if let bus = gst_element_get_bus(pipeline) {
                let error = g_error_new_literal(gst_core_error_quark(), Int32(GST_CORE_ERROR_NEGOTIATION.rawValue), "no H.264 branch")
                let source = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstObject.self)
                _ = gst_bus_post(bus, gst_message_new_error(source, error, nil))
                g_error_free(error)
                gst_object_unref(UnsafeMutableRawPointer(bus))
            }
        }
        // A stream left unlinked would stop decodebin with not-linked: it flows into a sink that drops it.
        let sink = gst_element_factory_make("fakesink", nil)
        if let sink {
            vt_set_bool(UnsafeMutableRawPointer(sink), "sync", 0)
            vt_set_bool(UnsafeMutableRawPointer(sink), "async", 0)
        }
        _ = attach(sink.map { [$0] } ?? [], from: pad, toMux: false, overlay: nil)
    }

    private enum Role { case video, audio, other }

    /// Adds `chain` to the pipeline, links it from `pad` (and into the mux), and starts it, with the subtitles into
    /// `overlay` when it is one of its elements; false when it cannot.
    private func attach(
        _ chain: [UnsafeMutablePointer<GstElement>], from pad: UnsafeMutablePointer<GstPad>, toMux: Bool,
        overlay: UnsafeMutablePointer<GstElement>?
    ) -> Bool {
        guard let first = chain.first, let last = chain.last else { return false }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        for element in chain { gst_bin_add(bin, element) }
        var linked = zip(chain, chain.dropFirst()).allSatisfy { gst_element_link($0, $1) != 0 }
        if linked && toMux { linked = gst_element_link(last, mux) != 0 }
        guard linked else {
            for element in chain {
                gst_element_set_state(element, GST_STATE_NULL)
                gst_bin_remove(bin, element)
            }
            return false
        }
        // Downstream first, so no element pushes into one that is not running yet.
        for element in chain.reversed() { gst_element_sync_state_with_parent(element) }
        // Before the first picture comes: textoverlay then waits for the text of each frame rather than drawing none.
        if let overlay, let subtitles { feedSubtitles(subtitles, into: overlay) }
        guard let sinkPad = gst_element_get_static_pad(first, "sink") else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(sinkPad)) }
        return gst_pad_link(pad, sinkPad) == GST_PAD_LINK_OK
    }

    /// The video branch, and its textoverlay when subtitles are burnt in; empty when an element is missing.
    private func videoChain() -> ([UnsafeMutablePointer<GstElement>], UnsafeMutablePointer<GstElement>?) {
        // Without the text elements (pango's plugin is left out of some installs), the picture goes without them.
        let burns = subtitles != nil && ["textoverlay", "subparse"].allSatisfy(GStreamer.hasElement)
        if subtitles != nil && !burns {
            FileHandle.standardError.write(Data("videotoy converter: no textoverlay or subparse; the subtitles are left out\n".utf8))
        }
        // After the capsfilter, the overlay draws on 4:2:0 pictures at their final size and x264enc gets them as is.
        let names = ["queue", "videoconvert", "videoscale", "capsfilter"] + (burns ? ["textoverlay"] : []) + ["x264enc", "h264parse"]
        guard let chain = Self.make(names) else { return ([], nil) }
        let overlay = burns ? chain[4] : nil
        let encoderIndex = burns ? 5 : 4
        // Square pixels within 1080p, 4:2:0 in 8 bits: what H.264 High profile decoders in TVs all take.
        gst_util_set_object_arg(
            gcastObject(chain[3]), "caps",
            "video/x-raw,format=I420,width=(int)[16,1920],height=(int)[16,1080],pixel-aspect-ratio=(fraction)1/1")
        let encoder = gcastObject(chain[encoderIndex])
        gst_util_set_object_arg(encoder, "tune", "zerolatency")
        gst_util_set_object_arg(encoder, "speed-preset", "veryfast")
        gst_util_set_object_arg(encoder, "bitrate", String(Self.videoKbps))
        gst_util_set_object_arg(encoder, "key-int-max", String(Self.keyframeInterval))
        // The stream headers before every keyframe: a renderer that reconnects mid-stream can still decode.
        gst_util_set_object_arg(gcastObject(chain[encoderIndex + 1]), "config-interval", "-1")
        return (chain, overlay)
    }

    /// Adds filesrc → subparse for `path` and links it into `overlay`'s text input; the picture goes without the text
    /// when that fails.
    private func feedSubtitles(_ path: String, into overlay: UnsafeMutablePointer<GstElement>) {
        guard let chain = Self.make(["filesrc", "subparse"]) else { return }
        PathBytes.withCString(path) { vt_set_string(UnsafeMutableRawPointer(chain[0]), "location", $0) }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        for element in chain { gst_bin_add(bin, element) }
        guard gst_element_link(chain[0], chain[1]) != 0, gst_element_link_pads(chain[1], "src", overlay, "text_sink") != 0 else {
            FileHandle.standardError.write(Data("videotoy converter: the subtitles do not link; they are left out\n".utf8))
            for element in chain {
                gst_element_set_state(element, GST_STATE_NULL)
                gst_bin_remove(bin, element)
            }
            return
        }
        for element in chain.reversed() { gst_element_sync_state_with_parent(element) }
    }

    private func audioChain() -> [UnsafeMutablePointer<GstElement>] {
        guard let encoder = Self.aacEncoders.first(where: GStreamer.hasElement) else {
            FileHandle.standardError.write(Data("videotoy converter: no AAC encoder installed; the sound is left out\n".utf8))
            return []
        }
        guard let chain = Self.make(["queue", "audioconvert", "audioresample", encoder, "aacparse"]) else { return [] }
        gst_util_set_object_arg(gcastObject(chain[3]), "bitrate", "160000")
        return chain
    }

    /// One element per factory name, or nil (none kept) when one is missing.
    private static func make(_ names: [String]) -> [UnsafeMutablePointer<GstElement>]? {
        let made = names.map { name in gst_element_factory_make(name, nil) }
        guard made.allSatisfy({ $0 != nil }) else {
            made.forEach { ElementFactory.discard($0) }
            return nil
        }
        return made.compactMap { $0 }
    }

    private func gcastObject(_ element: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self)
    }
}

/// Why a conversion could not run, as one line for the converter's stderr.
struct ConvertFailure: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

import CGLib
import CGStreamer
import Foundation
import Glibc
import VideoToyCore
import VideoToyGObject

/// PNG encoding and decoding with GStreamer's `pngenc` and `pngdec`.
public enum PNGCodec {
    /// Encodes `frame` scaled down to fit a `box`×`box` square (never up), as an RGB PNG.
    public static func encode(_ frame: VideoFrame, box: Int) -> [UInt8]? {
        let (width, height) = fit(width: frame.width, height: frame.height, box: box)
        let description =
            "appsrc name=src format=time num-buffers=1 "
            + "caps=video/x-raw,format=BGRA,width=\(frame.width),height=\(frame.height),framerate=0/1 ! "
            + "videoconvert ! videoscale ! video/x-raw,format=RGB,width=\(width),height=\(height) ! "
            + "pngenc snapshot=true ! appsink name=out sync=false"
        return run(description) { pipeline in
            guard let source = gst_bin_get_by_name(gcast(pipeline), "src") else { return false }
            defer { gst_object_unref(source) }
            let rowBytes = frame.width * 4
            let size = rowBytes * frame.height
            guard let memory = g_malloc(gsize(size)) else { return false }
            for row in 0..<frame.height {
                (memory + row * rowBytes).copyMemory(from: frame.bytes + row * frame.stride, byteCount: rowBytes)
            }
            guard let buffer = gst_buffer_new_wrapped(memory, gsize(size)) else { g_free(memory); return false }
            // The buffer's reference passes to the source.
            guard appSrcPushBuffer(UnsafeMutableRawPointer(source), buffer) == GST_FLOW_OK else { return false }
            _ = appSrcEndOfStream(UnsafeMutableRawPointer(source))
            return true
        } take: { sample in
            guard let buffer = gst_sample_get_buffer(sample) else { return nil }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
            defer { gst_buffer_unmap(buffer, &map) }
            guard let data = map.data else { return nil }
            return [UInt8](UnsafeBufferPointer(start: data, count: Int(map.size)))
        }
    }

    /// Decodes the PNG at `file` as a BGRA frame at most `maxHeight` pixels high.
    static func decode(file: String, maxHeight: Int) -> VideoFrame? {
        let description =
            "filesrc name=file ! pngdec ! videoconvert ! videoscale ! "
            + "video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,height=[1,\(max(1, maxHeight))] ! appsink name=out sync=false"
        return run(description) { pipeline in
            guard let source = gst_bin_get_by_name(gcast(pipeline), "file") else { return false }
            defer { gst_object_unref(source) }
            GProperty.set(UnsafeMutableRawPointer(source), "location", file)
            return true
        } take: { sample in
            PixelCopy.frame(from: sample)
        }
    }

    /// The size that fits `box` while keeping the aspect ratio, never larger than the original.
    static func fit(width: Int, height: Int, box: Int) -> (Int, Int) {
        guard width > box || height > box else { return (max(1, width), max(1, height)) }
        if width >= height { return (box, max(1, (height * box + width / 2) / width)) }
        return (max(1, (width * box + height / 2) / height), box)
    }

    /// Builds `description`, lets `prepare` feed it, plays it and hands the first sample of `out` to `take`.
    private static func run<T>(
        _ description: String, prepare: (UnsafeMutablePointer<GstElement>) -> Bool,
        take: (OpaquePointer) -> T?
    ) -> T? {
        GStreamer.initialize()
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &error)
        let failed = error != nil
        if let error { g_error_free(error) }
        guard let pipeline = parsed else { return nil }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        guard !failed, let sink = gst_bin_get_by_name(gcast(pipeline), "out") else { return nil }
        defer { gst_object_unref(sink) }
        guard prepare(pipeline) else { return nil }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let appsink = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self)
        // A broken file ends in an error, not a sample; the bus is not needed, the timeout bounds the wait.
        guard let sample = gst_app_sink_try_pull_sample(appsink, 5 * 1_000_000_000) else { return nil }
        defer { vt_sample_unref(sample) }
        return take(sample)
    }
}

// appsrc's push functions; the shared C shim includes only the appsink header.
@_silgen_name("gst_app_src_push_buffer")
private func appSrcPushBuffer(_ source: UnsafeMutableRawPointer, _ buffer: UnsafeMutablePointer<GstBuffer>) -> GstFlowReturn

@_silgen_name("gst_app_src_end_of_stream")
private func appSrcEndOfStream(_ source: UnsafeMutableRawPointer) -> GstFlowReturn

import CGStreamer
import VideoToyCore

/// Keeps a GStreamer buffer mapped for reading until the last `VideoFrame` that uses it is gone.
///
/// Only the buffer is kept, never the sample it came in: appsink hands out its one reusable sample, and in
/// GStreamer 1.22 it sets that sample's caps again without making it writable when its first picture after a
/// restart arrives (a loop, a rewind). A sample still held by the view then fails `gst_sample_is_writable` with a
/// CRITICAL on stderr, every round.
public final class MappedSample: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<GstBuffer>
    private var map: GstMapInfo

    private init?(buffer: UnsafeMutablePointer<GstBuffer>) {
        // Map before storing anything, so a failed init never runs deinit's unmap.
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        self.buffer = vt_buffer_ref(buffer)
        self.map = map
    }

    /// Wraps the picture in `sample` (whose reference the caller hands over, and which is released before this
    /// returns) as a BGRA frame, or nil if it is not one.
    public static func frame(adopting sample: OpaquePointer) -> VideoFrame? {
        defer { vt_sample_unref(sample) }
        var info = GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
            let buffer = gst_sample_get_buffer(sample), let mapped = MappedSample(buffer: buffer)
        else { return nil }
        let stride = Int(info.stride.0)
        let height = Int(info.height)
        guard stride > 0, height > 0, let data = mapped.map.data, mapped.map.size >= stride * height else { return nil }
        return VideoFrame(
            width: Int(info.width), height: height, stride: stride,
            bytes: UnsafeRawPointer(data), owner: mapped)
    }

    deinit {
        gst_buffer_unmap(buffer, &map)
        vt_buffer_unref(buffer)
    }
}

import CGStreamer
import VideoToyCore

/// Keeps a GStreamer sample's buffer mapped for reading until the last `VideoFrame` that uses it is gone.
public final class MappedSample: @unchecked Sendable {
    private let sample: OpaquePointer
    private let buffer: UnsafeMutablePointer<GstBuffer>
    private var map: GstMapInfo

    private init?(adopting sample: OpaquePointer) {
        // Map before storing anything, so a failed init never runs deinit's unmap.
        var map = GstMapInfo()
        guard let buffer = gst_sample_get_buffer(sample), gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else {
            return nil
        }
        self.sample = sample
        self.buffer = buffer
        self.map = map
    }

    /// Wraps `sample` (whose reference the caller hands over) as a BGRA frame, or nil if it is not one.
    public static func frame(adopting sample: OpaquePointer) -> VideoFrame? {
        var info = GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
            let mapped = MappedSample(adopting: sample)
        else {
            vt_sample_unref(sample)
            return nil
        }
        let stride = Int(info.stride.0)
        let height = Int(info.height)
        guard let data = mapped.map.data, mapped.map.size >= stride * height else { return nil }
        return VideoFrame(
            width: Int(info.width), height: height, stride: stride,
            bytes: UnsafeRawPointer(data), owner: mapped)
    }

    deinit {
        gst_buffer_unmap(buffer, &map)
        vt_sample_unref(sample)
    }
}

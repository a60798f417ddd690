import CGStreamer
import VideoToyCore

/// Copies a decoded BGRA sample into memory Swift owns, so the frame outlives the pipeline.
enum PixelCopy {
    /// Heap memory freed when the last frame using it is gone.
    final class Storage: @unchecked Sendable {
        let bytes: UnsafeMutableRawPointer
        init(byteCount: Int) { bytes = .allocate(byteCount: byteCount, alignment: 16) }
        deinit { bytes.deallocate() }
    }

    /// A tightly packed copy of the sample's picture, or nil if the sample is not raw video.
    static func frame(from sample: OpaquePointer) -> VideoFrame? {
        var info = GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
            let buffer = gst_sample_get_buffer(sample)
        else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        let (width, height, sourceStride) = (Int(info.width), Int(info.height), Int(info.stride.0))
        let rowBytes = width * 4
        guard width > 0, height > 0, let data = map.data, map.size >= sourceStride * (height - 1) + rowBytes else {
            return nil
        }
        let storage = Storage(byteCount: rowBytes * height)
        for row in 0..<height {
            (storage.bytes + row * rowBytes).copyMemory(from: data + row * sourceStride, byteCount: rowBytes)
        }
        return VideoFrame(
            width: width, height: height, stride: rowBytes, bytes: UnsafeRawPointer(storage.bytes),
            owner: storage)
    }
}

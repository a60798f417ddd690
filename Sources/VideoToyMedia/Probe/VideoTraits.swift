import CGLib
import CGStreamer
import VideoToyCore

/// The facts of a discovered stream that the metadata line words: bit depth, HDR transfer, and the container.
enum VideoTraits {
    /// The bit depth and HDR transfer of a discovered video stream.
    static func of(_ video: OpaquePointer) -> (bitDepth: Int?, transfer: VideoTransfer?) {
        var bitDepth: Int?
        var transfer: VideoTransfer?
        if let caps = gst_discoverer_stream_info_get_caps(video) {
            defer { vt_caps_unref(caps) }
            if gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) {
                // Parsers (h264parse, h265parse, vp9parse, av1parse) read it from the stream's headers.
                var luma: guint = 0
                if gst_structure_get_uint(structure, "bit-depth-luma", &luma) != 0, luma > 0 { bitDepth = Int(luma) }
                if let text = gst_structure_get_string(structure, "colorimetry") {
                    transfer = Self.transfer(colorimetry: String(cString: text))
                }
            }
        }
        if bitDepth == nil {
            // Without a parser field the discoverer still knows the bits of all three components (30 for 10-bit).
            let depth = Int(gst_discoverer_video_info_get_depth(video))
            if depth >= 24, depth % 3 == 0 { bitDepth = depth / 3 }
        }
        return (bitDepth, transfer)
    }

    /// The HDR transfer named by a caps colorimetry ("bt2100-pq", or the numeric "9:16:14:9" form).
    static func transfer(colorimetry: String) -> VideoTransfer? {
        var value = GstVideoColorimetry()
        guard gst_video_colorimetry_from_string(&value, colorimetry) != 0 else { return nil }
        switch value.transfer {
        case GST_VIDEO_TRANSFER_SMPTE2084: return .pq
        case GST_VIDEO_TRANSFER_ARIB_STD_B67: return .hlg
        default: return nil
        }
    }

    /// The container of a discovered file, as far as the row cares (MXF, M2TS, MPEG-TS or a common one).
    static func container(of info: OpaquePointer) -> MediaContainer? {
        guard let top = gst_discoverer_info_get_stream_info(info) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(top)) }
        // A lone elementary stream (a bare .h264 or .mp3) has no container: its top stream is the stream itself.
        let instance = UnsafeMutableRawPointer(top).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gst_discoverer_container_info_get_type()) != 0 else { return nil }
        guard let caps = gst_discoverer_stream_info_get_caps(top) else { return nil }
        defer { vt_caps_unref(caps) }
        guard let type = CodecNames.mediaType(caps), let structure = gst_caps_get_structure(caps, 0) else { return nil }
        switch type {
        case "application/mxf": return .mxf
        case "video/mpegts":
            // AVCHD and Blu-ray add a 4-byte timecode to each 188-byte packet.
            var packetSize: gint = 0
            gst_structure_get_int(structure, "packetsize", &packetSize)
            return packetSize == 192 ? .m2ts : .mpegTS
        default: return .common
        }
    }
}

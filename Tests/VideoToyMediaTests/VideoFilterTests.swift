import CGStreamer
import Testing

@testable import VideoToyMedia

/// The filter in front of playsink's scaler: deep pictures leave it in 8 bits (so the scaler works on bytes, not
/// 16-bit samples), 8-bit pictures leave it as they came.
@Suite("Video filter")
struct VideoFilterTests {
    /// The format of the first picture out of the filter, for pictures of `format` coming in.
    private func formatOut(for format: String) throws -> String? {
        GStreamer.initialize()
        let description =
            "videotestsrc num-buffers=1 ! video/x-raw,format=\(format),width=64,height=36 ! identity name=head ! "
            + "fakesink name=tail sync=false"
        let pipeline = try #require(gst_parse_launch(description, nil))
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        let head = try #require(gst_bin_get_by_name(bin, "head"))
        let tail = try #require(gst_bin_get_by_name(bin, "tail"))
        defer {
            gst_object_unref(head)
            gst_object_unref(tail)
        }
        gst_element_unlink(head, tail)
        let flip = try #require(gst_element_factory_make("videoflip", nil))
        let filter = VideoFilter.make(flip: flip, elements: .registry)
        #expect(filter != flip, "the depth conversion was left out")
        #expect(gst_bin_add(bin, filter) != 0)
        #expect(gst_element_link(head, filter) != 0)
        #expect(gst_element_link(filter, tail) != 0)
        #expect(gst_element_set_state(pipeline, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE)
        _ = gst_element_get_state(pipeline, nil, nil, 10 * 1_000_000_000)
        let pad = try #require(gst_element_get_static_pad(tail, "sink"))
        defer { gst_object_unref(pad) }
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { vt_caps_unref(caps) }
        let structure = try #require(gst_caps_get_structure(caps, 0))
        return gst_structure_get_string(structure, "format").map { String(cString: $0) }
    }

    @Test(
        "deep pictures come out in 8 bits with the same chroma layout",
        arguments: ["I420_10LE", "I420_12LE", "Y444_10LE", "P010_10LE", "I422_10LE", "Y444_12LE"])
    func deep(input: String) throws {
        let output = try #require(try formatOut(for: input))
        let inInfo = try #require(gst_video_format_get_info(gst_video_format_from_string(input)))
        let outInfo = try #require(gst_video_format_get_info(gst_video_format_from_string(output)))
        #expect(outInfo.pointee.depth.0 == 8, "\(input) came out as \(output)")
        #expect(outInfo.pointee.w_sub.1 == inInfo.pointee.w_sub.1, "\(input) came out as \(output)")
        #expect(outInfo.pointee.h_sub.1 == inInfo.pointee.h_sub.1, "\(input) came out as \(output)")
    }

    @Test("8-bit pictures pass as they are", arguments: ["I420", "NV12", "BGRA", "YUY2", "Y444", "RGBx"])
    func shallow(input: String) throws {
        #expect(try formatOut(for: input) == input)
    }

    @Test("every format the filter lets through is one GStreamer knows, in 8 bits")
    func shallowFormats() {
        for name in VideoFilter.shallowFormats {
            let format = gst_video_format_from_string(name)
            #expect(format != GST_VIDEO_FORMAT_UNKNOWN, "\(name)")
            if let info = gst_video_format_get_info(format) { #expect(info.pointee.depth.0 == 8, "\(name)") }
        }
    }
}

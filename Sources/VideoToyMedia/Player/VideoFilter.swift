import CGStreamer
import VideoToyGObject

/// The elements between the decoder and playsink's scaler: deep pictures brought to 8 bits, then turned upright.
///
/// playsink scales before it converts to the sink's BGRA, which is right, but it scales in the decoder's own format:
/// a 2160p HEVC Main 10 picture was scaled in 16-bit samples, which cost 1.4 times its decoding (41 CPU s against
/// 29 s for a 30 s clip, measured with gst-launch). Brought to 8 bits first, at full size, the conversion and the
/// scaling together cost 0.5 times the decoding. An 8-bit picture passes through untouched.
enum VideoFilter {
    /// The 8-bit formats a picture may keep; any other is converted to the nearest of them.
    static let shallowFormats = [
        "I420", "YV12", "NV12", "NV21", "NV16", "NV24", "Y42B", "Y444", "Y41B", "YUY2", "UYVY", "YVYU", "AYUV", "A420",
        "GRAY8", "BGRA", "BGRx", "RGBA", "RGBx", "ARGB", "xRGB", "ABGR", "xBGR", "RGB", "BGR",
    ]

    /// A bin of the depth conversion and `flip`, or `flip` alone when the conversion's elements are missing.
    static func make(flip: UnsafeMutablePointer<GstElement>, elements: ElementFactory) -> UnsafeMutablePointer<GstElement> {
        let convert = elements.make("videoconvert"), shallow = elements.make("capsfilter"), bin = elements.make("bin")
        guard let convert, let shallow, let bin else {
            ElementFactory.discard(convert, shallow, bin)
            return flip
        }
        let caps = gst_caps_from_string("video/x-raw,format={\(shallowFormats.joined(separator: ","))}")
        GProperty.set(shallow, "caps", object: caps)
        vt_caps_unref(caps)
        let binRef = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self)
        for element in [convert, shallow, flip] { _ = gst_bin_add(binRef, element) }
        _ = gst_element_link(convert, shallow)
        _ = gst_element_link(shallow, flip)
        for (element, name) in [(convert, "sink"), (flip, "src")] {
            guard let target = gst_element_get_static_pad(element, name) else { continue }
            _ = gst_element_add_pad(bin, gst_ghost_pad_new(name, target))
            gst_object_unref(target)
        }
        return bin
    }
}

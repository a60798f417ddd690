import CGLib
import CGStreamer

/// Short, readable codec names and the Debian package that decodes them, from stream caps.
enum CodecNames {
    private static let short: [String: String] = [
        "video/x-h264": "H.264", "video/x-h265": "H.265", "video/x-vp8": "VP8", "video/x-vp9": "VP9",
        "video/x-av1": "AV1", "video/x-theora": "Theora", "video/x-dirac": "Dirac", "video/mpeg": "MPEG video",
        "video/x-h263": "H.263", "video/x-dnxhd": "DNxHD", "video/x-flash-video": "Sorenson Spark",
        "video/x-msmpeg": "MS MPEG-4", "video/x-svq": "Sorenson Video", "video/x-cineform": "CineForm",
        "video/x-divx": "DivX", "video/x-xvid": "Xvid", "video/x-wmv": "WMV", "video/x-prores": "ProRes",
        "image/jpeg": "Motion JPEG", "audio/x-vorbis": "Vorbis", "audio/x-opus": "Opus", "audio/x-flac": "FLAC",
        "audio/x-ac3": "AC-3", "audio/x-eac3": "E-AC-3", "audio/x-ac4": "AC-4", "audio/x-alac": "ALAC",
        "audio/x-wma": "WMA", "audio/x-raw": "PCM", "audio/x-dts": "DTS", "audio/AMR": "AMR", "audio/AMR-WB": "AMR-WB",
        // GStreamer's own description of FFV1 is "FFMpeg v1"; VVC and MPEG-H reach 1.22 only as bare sample entries.
        "video/x-ffv": "FFV1", "video/x-h266": "H.266 (VVC)", "video/x-gst-fourcc-vvc1": "H.266 (VVC)",
        "video/x-gst-fourcc-vvi1": "H.266 (VVC)", "audio/x-gst-fourcc-mhm1": "MPEG-H 3D Audio",
        "audio/x-gst-fourcc-mha1": "MPEG-H 3D Audio", "audio/x-gst-fourcc-mhm2": "MPEG-H 3D Audio",
        "audio/x-gst-fourcc-mha2": "MPEG-H 3D Audio",
    ]

    private static let packages: [String: String] = [
        "video/x-h264": "gstreamer1.0-libav", "video/x-h265": "gstreamer1.0-libav", "audio/mpeg": "gstreamer1.0-libav",
        "audio/x-ac3": "gstreamer1.0-libav", "audio/x-eac3": "gstreamer1.0-libav", "video/x-wmv": "gstreamer1.0-libav",
        "audio/x-wma": "gstreamer1.0-libav", "video/x-prores": "gstreamer1.0-libav", "video/mpeg": "gstreamer1.0-libav",
        "video/x-vp8": "gstreamer1.0-plugins-good", "video/x-vp9": "gstreamer1.0-plugins-good",
        "image/jpeg": "gstreamer1.0-plugins-good", "audio/x-flac": "gstreamer1.0-plugins-good",
        "video/x-av1": "gstreamer1.0-plugins-bad", "audio/x-opus": "gstreamer1.0-plugins-base",
        "audio/x-vorbis": "gstreamer1.0-plugins-base", "video/x-theora": "gstreamer1.0-plugins-base",
        "video/x-h263": "gstreamer1.0-libav", "video/x-flash-video": "gstreamer1.0-libav", "video/x-dnxhd": "gstreamer1.0-libav",
        "video/x-msmpeg": "gstreamer1.0-libav", "video/x-divx": "gstreamer1.0-libav", "video/x-xvid": "gstreamer1.0-libav",
        "video/x-svq": "gstreamer1.0-libav", "video/x-cineform": "gstreamer1.0-libav", "video/x-ffv": "gstreamer1.0-libav",
        "audio/AMR": "gstreamer1.0-plugins-ugly", "audio/AMR-WB": "gstreamer1.0-plugins-ugly",
        // Subtitles: what renders or parses each format for playbin's subtitle overlay.
        "text/x-raw": "gstreamer1.0-x", "application/x-ass": "gstreamer1.0-plugins-base",
        "application/x-ssa": "gstreamer1.0-plugins-base", "application/x-subtitle-vtt": "gstreamer1.0-plugins-base",
        "subpicture/x-dvd": "gstreamer1.0-plugins-bad", "subpicture/x-pgs": "gstreamer1.0-plugins-bad",
        "subpicture/x-dvb": "gstreamer1.0-plugins-bad", "subtitle/x-kate": "gstreamer1.0-plugins-bad",
        "application/x-kate": "gstreamer1.0-plugins-bad",
    ]

    /// The readable name of a codec given as caps in text form, such as "video/mpeg, mpegversion=2" ("MPEG-2").
    static func name(forCaps description: String) -> String {
        GStreamer.initialize()
        guard let caps = gst_caps_from_string(description) else { return fallbackName(description) }
        defer { vt_caps_unref(caps) }
        return name(caps)
    }

    /// The media type of the caps' first structure, such as "video/x-h264".
    static func mediaType(_ caps: UnsafePointer<GstCaps>) -> String? {
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0) else { return nil }
        return String(cString: gst_structure_get_name(structure))
    }

    /// A readable codec name such as "H.264" or "AAC".
    static func name(_ caps: UnsafePointer<GstCaps>) -> String {
        let type = mediaType(caps) ?? "unknown"
        if type == "audio/mpeg", let structure = gst_caps_get_structure(caps, 0) {
            var version: gint = 0
            gst_structure_get_int(structure, "mpegversion", &version)
            if version == 2 || version == 4 { return "AAC" }
            var layer: gint = 0
            gst_structure_get_int(structure, "layer", &layer)
            switch layer {
            case 3: return "MP3"
            // Layer 2 is what DVB, DVD and VCD recordings carry; people know it by its extension too.
            case 2: return "MP2"
            default: return "MPEG audio"
            }
        }
        if type == "video/mpeg", let structure = gst_caps_get_structure(caps, 0) {
            // One media type for three codecs; people know them apart (Xvid and DivX files are MPEG-4 Part 2).
            var version: gint = 0
            gst_structure_get_int(structure, "mpegversion", &version)
            switch version {
            case 1: return "MPEG-1"
            case 2: return "MPEG-2"
            case 4: return "MPEG-4 Part 2"
            default: break
            }
        }
        if let known = short[type] { return known }
        if let description = gst_pb_utils_get_codec_description(caps) {
            defer { g_free(description) }
            return String(cString: description)
        }
        return fallbackName(type)
    }

    /// A name built from a bare media type such as "audio/x-gst-fourcc-mha1" ("MHA1").
    static func fallbackName(_ type: String) -> String {
        if let known = short[type] { return known }
        var name = Substring(type)
        if let slash = name.firstIndex(of: "/") { name = name[name.index(after: slash)...] }
        for prefix in ["x-gst-fourcc-", "x-"] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        return name.uppercased()
    }

    /// The Debian package that provides a decoder for the media type, when one is known.
    static func package(forMediaType type: String) -> String? { packages[type] }

    /// True when some installed decoder takes the media type at all, whatever its size or profile.
    ///
    /// A "missing" decoder for such a type means the installed one refused this stream (libav refuses
    /// pictures of 2^28 pixels and more), so advising to install a package would be wrong.
    static func hasDecoder(forMediaType type: String) -> Bool {
        // Before gst_init the registry is empty and every type would look undecodable.
        GStreamer.initialize()
        guard let caps = gst_caps_new_empty_simple(type) else { return false }
        defer { vt_caps_unref(caps) }
        // 1 is GST_ELEMENT_FACTORY_TYPE_DECODER, a macro Swift does not import.
        let all = gst_element_factory_list_get_elements(GstElementFactoryListType(1), GST_RANK_MARGINAL)
        defer { gst_plugin_feature_list_free(all) }
        let matching = gst_element_factory_list_filter(all, caps, GST_PAD_SINK, 0)
        defer { gst_plugin_feature_list_free(matching) }
        return matching != nil
    }
}

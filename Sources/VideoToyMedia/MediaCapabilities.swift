import CGStreamer
import VideoToyCore
import VideoToyGObject

/// The media half of the capability check: installed decoders and the audio output.
public enum MediaCapabilities {
    /// For each checked codec, the best-ranked decoder element, or nil with the package that provides one.
    public static func decoders() -> [(codec: String, element: String?, package: String)] {
        GStreamer.initialize()
        let all = vt_decoder_factories()
        defer { gst_plugin_feature_list_free(all) }
        return Capabilities.checkedCodecs.map { entry in
            let caps = gst_caps_from_string(entry.caps)
            defer { vt_caps_unref(caps) }
            let matching = gst_element_factory_list_filter(all, caps, GST_PAD_SINK, 0)
            defer { gst_plugin_feature_list_free(matching) }
            var best: String?
            var bestRank: guint = 0
            var node = matching
            while let current = node {
                let rank = vt_feature_rank(current.pointee.data)
                let name = String(cString: vt_feature_name(current.pointee.data))
                // The alpha bins only wrap the real decoder for streams with an alpha channel.
                if !name.contains("alpha"), best == nil || rank > bestRank {
                    best = name
                    bestRank = rank
                }
                node = current.pointee.next
            }
            return (entry.codec, best, entry.package)
        }
    }

    /// The audio sink `autoaudiosink` picks, or nil when no audio device opens; found out once per process.
    public static func audioOutput() -> String? { detectedAudioOutput }

    private static let detectedAudioOutput: String? = {
        // Where neither a sound server nor a sound card exists, asking autoaudiosink only makes ALSA and
        // OpenAL print dozens of errors on stderr before it settles on nothing.
        guard AudioPresence.onThisMachine else { return nil }
        GStreamer.initialize()
        guard let sink = gst_element_factory_make("autoaudiosink", nil) else { return nil }
        gst_object_ref_sink(sink)
        defer {
            gst_element_set_state(sink, GST_STATE_NULL)
            gst_object_unref(sink)
        }
        guard gst_element_set_state(sink, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE,
            let child = gst_child_proxy_get_child_by_index(OpaquePointer(sink), 0)
        else { return nil }
        defer { g_object_unref(child) }
        guard let factory = vt_element_factory_name(child) else { return nil }
        let name = String(cString: factory)
        return name == "fakesink" ? nil : name
    }()
}

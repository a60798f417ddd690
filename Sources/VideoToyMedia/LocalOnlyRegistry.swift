import CGLib
import CGStreamer

/// Keeps GStreamer to local files: every element that can open a network connection, or follow a playlist or a
/// streaming manifest to other files, is taken out of the registry once, before the first pipeline is built.
///
/// A library file is untrusted: a text file named `x.mp4` that holds an HLS playlist would otherwise make the
/// discoverer, the poster maker and the player fetch its addresses the moment its folder is listed. Lowering ranks
/// is not enough (`gst_element_make_from_uri` and `gst_parse` ignore them), so the factories are removed: no URI,
/// caps or name can make one then. Only this process's registry in memory changes, never the cache on disk.
enum LocalOnlyRegistry {
    /// URI schemes that stay on this machine; a URI handler with any other one is removed.
    static let localProtocols: Set<String> = ["file", "fd", "appsrc", "appsink"]

    /// Parts of an element's class (`Source/Network`, `Codec/Demuxer/Adaptive`) that mark it as removed.
    static let removedClasses: Set<String> = ["Network", "Adaptive"]

    /// Plugins made for the network, every element of which goes: some of theirs (`souphttpclientsink`) say so
    /// neither in their class nor as a URI handler.
    static let networkPlugins: Set<String> = [
        "soup", "curl", "neonhttpsrc", "gio", "srt", "rtmp", "rtmp2", "rtsp", "rtspclientsink", "udp", "tcp", "rist", "sdpelem",
        "adaptivedemux2", "hls", "dash", "smoothstreaming", "webrtc", "sctp", "dtls", "srtp", "shout2", "rtpmanager", "rtpmanagerbad",
    ]

    /// Removes every such factory from the default registry, and from then on each one a plugin registers again as it
    /// loads (the plugin that holds `filesrc` also holds `dataurisrc`); returns the names removed now, sorted.
    static func lockDown() -> [String] {
        let registry = gst_registry_get()
        // A loading plugin registers all of its elements anew, removed or not; the signal comes right after each.
        g_signal_connect_data(
            UnsafeMutableRawPointer(registry), "feature-added",
            unsafeBitCast(featureAdded, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
        guard let list = gst_registry_get_feature_list(registry, gst_element_factory_get_type()) else { return [] }
        defer { gst_plugin_feature_list_free(list) }
        var removed: [String] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let factory = OpaquePointer(raw)
            guard reachesBeyondFiles(factory) else { continue }
            removed.append(String(cString: vt_feature_name(raw)))
            gst_registry_remove_feature(registry, OpaquePointer(raw))
        }
        return removed.sorted()
    }

    /// The C signature of the registry's `feature-added` signal: (GstRegistry*, GstPluginFeature*, gpointer).
    private typealias FeatureAdded = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// Removes an element factory a loading plugin registered again, if it reaches beyond files.
    private static let featureAdded: FeatureAdded = { registry, feature, _ in
        guard let registry, let feature,
            g_type_check_instance_is_a(feature.assumingMemoryBound(to: GTypeInstance.self), gst_element_factory_get_type()) != 0,
            reachesBeyondFiles(OpaquePointer(feature))
        else { return }
        gst_registry_remove_feature(registry.assumingMemoryBound(to: GstRegistry.self), OpaquePointer(feature))
    }

    /// Whether the factory is a network element or in a network plugin, an adaptive (playlist) demuxer, or a URI
    /// handler for a scheme that is not a local one.
    static func reachesBeyondFiles(_ factory: OpaquePointer) -> Bool {
        if let plugin = gst_plugin_feature_get_plugin_name(factory), networkPlugins.contains(String(cString: plugin)) { return true }
        if let klass = gst_element_factory_get_metadata(factory, "klass") {
            let parts = String(cString: klass).split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.contains(where: removedClasses.contains) { return true }
        }
        guard gst_element_factory_get_uri_type(factory) != GST_URI_UNKNOWN else { return false }
        guard let protocols = gst_element_factory_get_uri_protocols(factory) else { return false }
        var index = 0
        while let scheme = protocols[index] {
            if !localProtocols.contains(String(cString: scheme).lowercased()) { return true }
            index += 1
        }
        return false
    }
}

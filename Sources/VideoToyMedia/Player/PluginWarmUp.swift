import CGStreamer
import Foundation

/// Loads the GStreamer plugins a player will need before it is made, on a thread of its own, for `--play`.
///
/// A player's pipeline loads its plugins as it first needs them, one after the other on its streaming thread: for a
/// 1080p H.264 MP4 about 75 ms of a 200 ms preroll on a quiet machine (libav alone 33 ms), more under load. Started
/// at the top of `main`, the loading overlaps the toolkit's start and the library window's building instead. The
/// file itself is not opened (the player checks it first): its demuxer is the one its name's extension suggests.
public enum PluginWarmUp {
    /// Plugins every play builds from, whatever the file: playbin and its parts, the conversion and scaling to the
    /// view, the sound's path, and the decoders and parsers of most files.
    static let common = [
        "playback", "typefindfunctions", "coreelements", "app", "videoconvertscale", "videofilter", "deinterlace", "volume",
        "audioconvert", "audioresample", "autodetect", "libav", "videoparsersbad", "audioparsers",
    ]

    /// Starts loading, in the background, the plugins that playing `path` will need; returns at once.
    public static func start(forPlaying path: String) {
        let thread = Thread {
            GStreamer.initialize()
            load(plugins: common, demuxer: demuxer(forPath: path))
        }
        thread.name = "videotoy.plugin-warm-up"
        thread.start()
    }

    /// Loads each plugin in `plugins` and the element factory `demuxer`; a name that is not installed is passed over.
    static func load(plugins: [String], demuxer: String?) {
        // The demuxer first: typefinding and demuxing come before the rest in the pipeline.
        if let demuxer, let factory = gst_element_factory_find(demuxer) {
            let loaded = gst_plugin_feature_load(factory)
            loaded.map { gst_object_unref(UnsafeMutableRawPointer($0)) }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
        for name in plugins {
            gst_plugin_load_by_name(name).map { gst_object_unref(UnsafeMutableRawPointer($0)) }
        }
    }

    /// The best-ranked demuxer for a file named `path`, found from the typefinders' extensions and caps as decodebin
    /// would find it from the file's contents; nil when no typefinder claims the extension.
    static func demuxer(forPath path: String) -> String? {
        let fileExtension = (path as NSString).pathExtension.lowercased()
        guard !fileExtension.isEmpty else { return nil }
        let demuxers = vt_demuxer_factories()
        defer { gst_plugin_feature_list_free(demuxers) }
        let finders = gst_type_find_factory_get_list()
        defer { gst_plugin_feature_list_free(finders) }
        var best: (name: String, rank: guint)?
        var node = finders
        while let current = node {
            node = current.pointee.next
            let finder = OpaquePointer(current.pointee.data)
            guard claims(finder, fileExtension), let caps = gst_type_find_factory_get_caps(finder) else { continue }
            let matching = gst_element_factory_list_filter(demuxers, caps, GST_PAD_SINK, 0)
            defer { gst_plugin_feature_list_free(matching) }
            var candidate = matching
            while let entry = candidate {
                candidate = entry.pointee.next
                let rank = vt_feature_rank(entry.pointee.data)
                if rank > best?.rank ?? 0 { best = (String(cString: vt_feature_name(entry.pointee.data)), rank) }
            }
        }
        return best?.name
    }

    /// Whether the typefinder `finder` lists `fileExtension` among the extensions of what it finds.
    private static func claims(_ finder: OpaquePointer?, _ fileExtension: String) -> Bool {
        guard var cursor = gst_type_find_factory_get_extensions(finder) else { return false }
        while let name = cursor.pointee {
            if String(cString: name) == fileExtension { return true }
            cursor += 1
        }
        return false
    }
}

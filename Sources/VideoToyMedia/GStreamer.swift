import CGStreamer

/// One-time GStreamer set-up shared by every media type in this module.
public enum GStreamer {
    // A static let runs its initializer exactly once, even when several threads race to it.
    private static let initialized: Bool = {
        gst_init(nil, nil)
        gst_pb_utils_init()
        // Library files are untrusted: nothing built from one may reach the network or follow a playlist.
        _ = LocalOnlyRegistry.lockDown()
        return true
    }()

    /// Initializes GStreamer and its plugin-base utilities, with every network source and playlist demuxer removed
    /// (see `LocalOnlyRegistry`); idempotent and safe from any thread.
    public static func initialize() {
        _ = initialized
    }

    /// GStreamer's command-line options (`--gst-debug-level` and the rest) as a GLib option group, for the
    /// application's parser to own; parsing it initializes GStreamer.
    public static func optionGroup() -> OpaquePointer? {
        gst_init_get_option_group()
    }

    /// True when an element factory called `name` is installed.
    public static func hasElement(_ name: String) -> Bool {
        initialize()
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }
}

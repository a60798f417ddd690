import CGStreamer

/// Makes the GStreamer elements a player is built from, by factory name; tests swap it for one that fails at a
/// chosen step.
struct ElementFactory: Sendable {
    /// Makes one element (a floating reference), or nil when its plugin is missing.
    let make: @Sendable (String) -> UnsafeMutablePointer<GstElement>?

    /// GStreamer's registry.
    static let registry = ElementFactory { gst_element_factory_make($0, nil) }

    /// Frees elements made for a player that could not be built: their floating references are sunk and dropped.
    static func discard(_ elements: UnsafeMutablePointer<GstElement>?...) {
        for element in elements.compactMap({ $0 }) {
            let object = UnsafeMutableRawPointer(element)
            _ = gst_object_ref_sink(object)
            gst_object_unref(object)
        }
    }
}

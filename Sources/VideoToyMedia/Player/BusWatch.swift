import CGStreamer
import VideoToyGObject

/// The pipeline's bus watch on the main context, which reaches the player through a weak reference.
@MainActor
final class BusWatch {
    private weak var player: Player?

    private init(_ player: Player) { self.player = player }

    /// Watches the bus of `pipeline` on the calling thread's default main context, on behalf of `player`.
    static func add(to pipeline: UnsafeMutablePointer<GstElement>, for player: Player) {
        let bus = gst_element_get_bus(pipeline)
        defer { gst_object_unref(bus) }
        let target = CBox.retain(BusWatch(player))
        gst_bus_add_watch_full(
            bus, G_PRIORITY_DEFAULT,
            { _, message, data in
                let watch = CBox.object(data, as: BusWatch.self)
                // A bus watch is dispatched by the default main context, whose loop runs on the main thread only.
                MainActor.assumeIsolated { watch.player?.handle(message!) }
                return 1
            }, target, CBox.destroyNotify)
    }

    /// Removes the watch from whichever main context it was added to.
    static func remove(from pipeline: UnsafeMutablePointer<GstElement>) {
        let bus = gst_element_get_bus(pipeline)
        gst_bus_remove_watch(bus)
        gst_object_unref(bus)
    }
}

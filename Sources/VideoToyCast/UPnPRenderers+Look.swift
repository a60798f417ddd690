import CGLib
import VideoToyCore
import VideoToyGObject

extension UPnPRenderers {
    /// Looks for renderers for `milliseconds` and returns those that answered, for `videotoy --check`: it runs the
    /// default main context itself, so it is for a process whose main loop is not running yet.
    public static func look(milliseconds: UInt32) -> [NetworkRenderer] {
        guard let loop = g_main_loop_new(nil, 0) else { return [] }
        defer { g_main_loop_unref(loop) }
        let renderers = UPnPRenderers()
        renderers.start { _ in }
        _ = MainLoop.after(milliseconds: milliseconds) { g_main_loop_quit(loop) }
        g_main_loop_run(loop)
        let found = renderers.renderers
        renderers.stop()
        return found
    }
}

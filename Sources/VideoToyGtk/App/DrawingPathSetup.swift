import CEpoxy
import CGtk
import Foundation
import VideoToyCore

/// Chooses how GTK draws this run's windows (`DrawingPath`) and tells GSK, which reads `GSK_RENDERER` once, when
/// the first window's renderer is made: call it after GTK opened the display and before any window is realized.
@MainActor
public enum DrawingPathSetup {
    /// Decides from the user's `GSK_RENDERER`, `request` and, for `auto`, the display's GL driver, and sets
    /// `GSK_RENDERER` when the choice is not GTK's own.
    public static func apply(request: DrawingPath.Request) -> DrawingPath {
        let path = decide(request: request)
        // GSK reads the variable when the first window is realized, after this, on this thread; nothing else writes it.
        if let value = path.environmentValue { setenv("GSK_RENDERER", value, 1) }
        FramePaintable.drawsWithCairo = path.renderer == "cairo"
        // With GL, GTK uploads the frame once and draws it on the GPU; cairo's two full-frame passes are what the
        // direct picture saves.
        DirectPicture.enabled = path.renderer == "cairo" && ProcessInfo.processInfo.environment["VIDEOTOY_DIRECT_VIDEO"] != "0"
        return path
    }

    /// The choice `apply` would make, without applying it (the `--check` report).
    public static func decide(request: DrawingPath.Request) -> DrawingPath {
        DrawingPath.choose(userVariable: ProcessInfo.processInfo.environment["GSK_RENDERER"], request: request, probe: probe)
    }

    /// Makes a GL context on the default display, reads its `GL_RENDERER`, and lets it go: GDK has already loaded
    /// the driver to choose a window visual, so this costs a context and no second driver start.
    public static func probe() -> DrawingPath.Probe {
        guard let display = gdk_display_get_default() else { return .unavailable("no display") }
        var error: UnsafeMutablePointer<GError>?
        guard let context = gdk_display_create_gl_context(display, &error) else { return .unavailable(taking(error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard gdk_gl_context_realize(context, &error) != 0 else { return .unavailable(taking(error)) }
        gdk_gl_context_make_current(context)
        defer { gdk_gl_context_clear_current() }
        guard let name = vt_gl_renderer() else { return .unavailable("no GL_RENDERER") }
        return .renderer(String(cString: name))
    }

    private static func taking(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown"
    }
}

import CGtk

/// The app's few style rules, loaded once for the display.
@MainActor
enum Style {
    // libadwaita's named colours (@accent_color and the rest) follow the light or dark style.
    private static let css = """
        .videotoy-row { padding: 6px 12px; }
        .videotoy-title { font-weight: bold; font-size: 1.1em; }
        .videotoy-error { color: @error_color; }
        .videotoy-warning { color: @warning_color; }
        .videotoy-status { color: @accent_color; font-weight: bold; }
        .videotoy-slot { background: #000; border-radius: 6px; }
        .videotoy-slot.videotoy-slot-unplayable { background: @card_bg_color; border: 1px solid @borders; }
        .videotoy-controls { background: rgba(0,0,0,0.55); color: white; padding: 2px 4px; }
        .videotoy-controls button { color: white; min-height: 24px; min-width: 24px; padding: 2px; }
        .videotoy-controls label { color: white; font-feature-settings: "tnum"; }
        .videotoy-controls popover button, .videotoy-controls popover label { color: @window_fg_color; }
        .videotoy-subtitle { color: white; background: rgba(0,0,0,0.5); border-radius: 6px; padding: 0.1em 0.4em;
            text-shadow: 0 0 2px black, 0 1px 3px black; font-weight: 600; }
        .videotoy-scene { background: #000; color: #ddd; }
        .videotoy-scene-title { font-size: 48px; font-weight: bold; }
        .videotoy-scene-hint { font-size: 24px; }
        .videotoy-show-pane { background: @window_bg_color; }
        .videotoy-show-heading { padding: 6px 6px 0 12px; min-height: 46px; }
        .videotoy-show-controls { padding: 6px 12px 12px 12px; }
        .videotoy-show-list { margin: 0 12px 12px 12px; }
        .videotoy-show-row .numeric { font-feature-settings: "tnum"; }
        .videotoy-show-missing label.title, .videotoy-show-missing label.subtitle { opacity: 0.55; }
        .videotoy-show-playing label.title { font-weight: bold; }
        .videotoy-show-tag { color: @accent_fg_color; background: @accent_bg_color; border-radius: 9px; padding: 1px 8px; }
        .videotoy-veil-black { background: #000; }
        .videotoy-veil-white { background: #fff; }
        .videotoy-freeze { background: #000; }
        """

    /// Installs the style sheet for the default display.
    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}

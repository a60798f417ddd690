import CGtk
import VideoToyGObject

/// The presenter panel's style rules and its accessible descriptions.
@MainActor
enum PresenterPanelStyle {
    // libadwaita's named colours follow the light or dark style; the clock's tones are its warning and error colours.
    private static let css = """
        .videotoy-presenter { margin: 12px 12px 6px 12px; padding: 12px; }
        .videotoy-presenter-picture, .videotoy-presenter-poster { background: #000; border-radius: 6px; }
        .videotoy-presenter-badge { padding: 2px 10px; border-radius: 999px; background: alpha(currentColor, 0.1); }
        .videotoy-presenter-badge.videotoy-presenter-live { color: @error_color; background: alpha(@error_color, 0.12); }
        .videotoy-presenter-badge.videotoy-presenter-frozen { color: @accent_color; background: alpha(@accent_color, 0.12); }
        .videotoy-clock-amber { color: @warning_color; }
        .videotoy-clock-red { color: @error_color; }
        """
    private static var installed = false

    /// Installs the rules for the default display, once.
    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// Sets the description a screen reader gives `widget` after its name (GTK's setter for it is variadic).
    static func setDescription(_ widget: Widget, _ text: String) {
        var value = GValue()
        // G_TYPE_STRING, a macro Swift does not import: the fundamental type 16, shifted as GLib numbers them.
        g_value_init(&value, GType(16 << 2))
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        gtk_accessible_update_property_value(gcast(widget), 1, &property, &value)
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// "Open Show…" and "Save Show As…": the system's file chooser for XSPF playlists (GTK 4.8 has no GtkFileDialog).
@MainActor
enum ShowFileChooser {
    /// Asks for a show file to open over `parent`; `onChosen` gets its path (never called on Cancel).
    static func open(over parent: Widget, onChosen: @escaping @MainActor (String) -> Void) {
        guard
            let dialog = gtk_file_chooser_native_new(
                tr("Open Show"), gcast(parent), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))
        else { return }
        present(dialog, onChosen: onChosen)
    }

    /// Asks where to save the show over `parent`, starting at `current` when it has a file; `onChosen` gets the path,
    /// with `.xspf` added when the name has no extension.
    static func save(over parent: Widget, current: String?, onChosen: @escaping @MainActor (String) -> Void) {
        guard
            let dialog = gtk_file_chooser_native_new(
                tr("Save Show"), gcast(parent), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))
        else { return }
        if let current, let file = g_file_new_for_path(current) {
            _ = gtk_file_chooser_set_file(dialog, file, nil)
            g_object_unref(graw(file))
        } else {
            // TRANSLATORS: the name a new show file is given in the Save dialog; keep the .xspf.
            gtk_file_chooser_set_current_name(dialog, tr("Show.xspf"))
        }
        present(dialog) { path in onChosen(withExtension(path)) }
    }

    /// `path`, with `.xspf` added when its name has no extension of its own.
    static func withExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? Substring(path)
        return name.dropFirst().contains(".") ? path : path + ".xspf"
    }

    private static func present(_ dialog: OpaquePointer, onChosen: @escaping @MainActor (String) -> Void) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Shows (XSPF playlists)"))
        gtk_file_filter_add_pattern(filter, "*.xspf")
        gtk_file_filter_add_pattern(filter, "*.XSPF")
        gtk_file_filter_add_mime_type(filter, "application/xspf+xml")
        gtk_file_chooser_add_filter(dialog, filter)
        g_object_unref(graw(filter))
        // GTK does not keep a native dialog alive: the reference from `new` is dropped once it has answered.
        var connection: SignalConnection?
        connection = Signal.connectUInt(graw(dialog), "response") { response in
            connection?.cancel()
            connection = nil
            var chosen: String?
            if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue, let list = vt_chooser_paths(dialog) {
                if let first = list[0] { chosen = PathBytes.decode(cString: first) }
                g_strfreev(list)
            }
            g_object_unref(graw(dialog))
            if let chosen { onChosen(chosen) }
        }
        gtk_native_dialog_set_modal(UnsafeMutablePointer<GtkNativeDialog>(dialog), 1)
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(dialog))
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// "Open Folder…" and "Add Files…": the system's file chooser, through the XDG portal where one runs.
@MainActor
enum FileChooser {
    /// What the user is asked to pick.
    enum Kind {
        /// One folder.
        case folder
        /// Any number of video files.
        case files
    }

    /// Shows the chooser over `parent`; `onChosen` receives the paths picked (never called on Cancel).
    static func present(_ kind: Kind, over parent: Widget, onChosen: @escaping @MainActor ([String]) -> Void) {
        let title = kind == .folder ? tr("Open Folder") : tr("Add Files")
        let action = kind == .folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN
        let accept = kind == .folder ? tr("_Open") : tr("_Add")
        guard let dialog = gtk_file_chooser_native_new(title, gcast(parent), action, accept, tr("_Cancel")) else { return }
        let chooser = dialog
        if kind == .files {
            gtk_file_chooser_set_select_multiple(chooser, 1)
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, tr("Videos"))
            gtk_file_filter_add_mime_type(filter, "video/*")
            gtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(graw(filter))
        }
        // GTK does not keep a native dialog alive: the reference from `new` is dropped once it has answered.
        var connection: SignalConnection?
        connection = Signal.connectUInt(graw(dialog), "response") { response in
            connection?.cancel()
            connection = nil
            var paths: [String] = []
            if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue, let list = vt_chooser_paths(chooser) {
                var index = 0
                while let path = list[index] { paths.append(PathBytes.decode(cString: path)); index += 1 }
                g_strfreev(list)
            }
            g_object_unref(graw(dialog))
            if !paths.isEmpty { onChosen(paths) }
        }
        gtk_native_dialog_set_modal(UnsafeMutablePointer<GtkNativeDialog>(dialog), 1)
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(dialog))
    }
}

import CGtk
import VideoToyGObject
import VideoToyText

/// The Ctrl+? window listing the keyboard shortcuts, built from a GtkBuilder description.
@MainActor
enum ShortcutsWindow {
    /// The groups of shortcuts, each a title and its accelerators (GTK's syntax) with what they do, in the user's language.
    static func groups() -> [(title: String, shortcuts: [(accelerator: String, title: String)])] {
        [
            (
                trp("shortcuts", "Library"),
                [
                    ("Up Down", tr("Select a video")),
                    ("Page_Up Page_Down", tr("Select a screenful up or down")),
                    ("Home End", tr("Select the first or last video")),
                    ("Return space", tr("Play the selected video")),
                ]
            ),
            (
                trp("shortcuts", "Video"),
                [
                    ("space", tr("Play or pause")),
                    ("Left Right", tr("Seek 5 seconds")),
                    ("Up Down", tr("Volume (fullscreen and external screen)")),
                    ("m", tr("Mute")),
                    ("f", tr("Fullscreen")),
                    ("Escape", tr("Leave fullscreen")),
                    ("n", tr("Next video")),
                    ("v", tr("Next subtitles (and off)")),
                    ("a", tr("Next soundtrack")),
                ]
            ),
            (
                trp("shortcuts", "Presenter"),
                [
                    ("b period", tr("Black screen")),
                    ("w", tr("White screen")),
                    ("h", tr("Freeze the picture")),
                    ("Page_Down Page_Up", tr("Next or previous video")),
                    ("Right Left", tr("Next or previous video in a show")),
                    ("F5", tr("Start the show")),
                    ("<shift>F5", tr("Start the show from the current video")),
                    ("Escape", tr("End the show")),
                    ("Insert plus", tr("Add the selected video to the show")),
                    ("x", tr("Swap screens")),
                ]
            ),
            (
                trp("shortcuts", "Search and Open"),
                [
                    ("<ctrl>f", tr("Search by name or folder")),
                    ("Escape", tr("End the search")),
                    ("<ctrl>o", tr("Open a folder")),
                ]
            ),
            (
                trp("shortcuts", "General"),
                [
                    ("<ctrl>comma", tr("Preferences")),
                    ("<ctrl>question", tr("Keyboard shortcuts")),
                    ("<ctrl>q", tr("Quit")),
                ]
            ),
        ]
    }

    /// The GtkBuilder description of the window with `groups`, every text escaped for XML.
    static func description(_ groups: [(title: String, shortcuts: [(accelerator: String, title: String)])]) -> String {
        func property(_ name: String, _ value: String) -> String {
            let escaped = g_markup_escape_text(value, -1)
            defer { g_free(escaped) }
            return "<property name=\"\(name)\">\(escaped.map { String(cString: $0) } ?? "")</property>"
        }
        let body = groups.map { group in
            "<child><object class=\"GtkShortcutsGroup\">" + property("title", group.title)
                + group.shortcuts.map {
                    "<child><object class=\"GtkShortcutsShortcut\">" + property("accelerator", $0.accelerator)
                        + property("title", $0.title) + "</object></child>"
                }.joined() + "</object></child>"
        }.joined(separator: "\n")
        return "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">" + property("modal", "1")
            + "<child><object class=\"GtkShortcutsSection\">" + property("section-name", "main") + "\n" + body
            + "</object></child></object></interface>"
    }

    /// Shows the shortcuts over `parent`.
    static func present(over parent: Widget) {
        let builder = gtk_builder_new_from_string(description(groups()), -1)
        defer { g_object_unref(graw(builder!)) }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else { return }
        // Without a title, window lists and screen readers call it by the program's name.
        gtk_window_set_title(gcast(window), tr("Keyboard Shortcuts"))
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_present(gcast(window))
    }
}

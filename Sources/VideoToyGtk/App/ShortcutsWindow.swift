import CGtk
import VideoToyGObject

/// The Ctrl+? window listing the keyboard shortcuts, built from a GtkBuilder description.
@MainActor
enum ShortcutsWindow {
    private static let ui = """
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
              <child><object class="GtkShortcutsGroup"><property name="title">Library</property>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Up Down</property><property name="title">Select a video</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Page_Up Page_Down</property><property name="title">Select a screenful up or down</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Home End</property><property name="title">Select the first or last video</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Return space</property><property name="title">Play the selected video</property></object></child>
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">Video</property>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">space</property><property name="title">Play or pause</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Left Right</property><property name="title">Seek 5 seconds</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Up Down</property><property name="title">Volume (fullscreen and external screen)</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">m</property><property name="title">Mute</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">f</property><property name="title">Fullscreen</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Escape</property><property name="title">Leave fullscreen</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">n</property><property name="title">Next video</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">v</property><property name="title">Next subtitles (and off)</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">b</property><property name="title">Next soundtrack</property></object></child>
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">Search and Open</property>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">&lt;ctrl&gt;f</property><property name="title">Search by name or folder</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">Escape</property><property name="title">End the search</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">&lt;ctrl&gt;o</property><property name="title">Open a folder</property></object></child>
              </object></child>
              <child><object class="GtkShortcutsGroup"><property name="title">General</property>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">&lt;ctrl&gt;comma</property><property name="title">Preferences</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">&lt;ctrl&gt;question</property><property name="title">Keyboard shortcuts</property></object></child>
                <child><object class="GtkShortcutsShortcut"><property name="accelerator">&lt;ctrl&gt;q</property><property name="title">Quit</property></object></child>
              </object></child>
            </object></child>
          </object>
        </interface>
        """

    /// Shows the shortcuts over `parent`.
    static func present(over parent: Widget) {
        let builder = gtk_builder_new_from_string(ui, -1)
        defer { g_object_unref(graw(builder!)) }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else { return }
        // Without a title, window lists and screen readers call it by the program's name.
        gtk_window_set_title(gcast(window), "Keyboard Shortcuts")
        gtk_window_set_transient_for(gcast(window), gcast(parent))
        gtk_window_present(gcast(window))
    }
}

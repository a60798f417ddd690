import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The header bar's screen chooser: one entry per external screen, the one showing videos checked.
@MainActor
final class ScreenMenu {
    private let button: Widget
    private let list: Widget
    private let onChoose: @MainActor (ScreenID) -> Void
    private let onFollow: @MainActor (ScreenID, Bool) -> Void
    private var entries: [Widget] = []
    private var connections: [SignalConnection] = []
    private var actionConnection: SignalConnection?
    private var swapConnection: SignalConnection?
    private var swapAction: OpaquePointer?
    private var swapActivation: SignalConnection?

    /// Gives `button` (the header bar's, hidden until there is a screen) its menu; `onChoose` receives the screen the
    /// user picks, `onFollow` a network screen whose "Move videos to this screen automatically" the user switched.
    init(button: Widget, onChoose: @escaping @MainActor (ScreenID) -> Void, onFollow: @escaping @MainActor (ScreenID, Bool) -> Void) {
        self.onChoose = onChoose
        self.onFollow = onFollow
        self.button = button
        list = Widgets.box(vertical: true, spacing: 2)
        let content = Widgets.box(vertical: true, spacing: 2)
        Widgets.append(content, list)
        Widgets.append(content, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!)
        let swap = gtk_button_new()!
        let swapLabel = gtk_label_new(tr("Swap Screens"))!
        gtk_label_set_xalign(gcast(swapLabel), 0)
        gtk_button_set_child(gcast(swap), swapLabel)
        gtk_widget_add_css_class(swap, "flat")
        gtk_actionable_set_action_name(OpaquePointer(swap), "app.swap-screens")
        Widgets.append(content, swap)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gcast(popover), content)
        gtk_menu_button_set_popover(gcast(button), popover)
        // The action runs the swap; the menu only has to close.
        swapConnection = Signal.connect(swap, "clicked") { gtk_menu_button_popdown(gcast(button)) }
    }

    /// Adds `app.swap-screens`, which puts the main window on the external monitor and the video on the main
    /// window's, or back (as X does); it is enabled while a monitor shows the scene.
    func addSwapAction(to application: UnsafeMutablePointer<GtkApplication>, swap: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new("swap-screens", nil)!
        g_simple_action_set_enabled(action, 0)
        g_action_map_add_action(OpaquePointer(application), action)
        swapAction = action
        swapActivation = Signal.connectIgnoringArgument(graw(action), "activate", swap)
    }

    /// Enables "Swap Screens" when a monitor shows the scene.
    func setSwapEnabled(_ enabled: Bool) {
        guard let swapAction else { return }
        g_simple_action_set_enabled(swapAction, enabled ? 1 : 0)
    }

    /// Adds `app.choose-screen(s)`: a script or a test picks a screen by connector, a TV by its name or id, as
    /// `--screen` does (`gapplication action org.videotoy.VideoToy choose-screen "'Living room TV'"`).
    func addAction(to application: UnsafeMutablePointer<GtkApplication>, choose: @escaping @MainActor (String) -> Void) {
        let stringType = g_variant_type_new("s")
        let action = g_simple_action_new("choose-screen", stringType)!
        g_variant_type_free(stringType)
        g_action_map_add_action(OpaquePointer(application), action)
        actionConnection = Signal.connectObject(graw(action), "activate") { value in
            choose(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
        }
    }

    /// Lists `screens` (the external ones), checking `current`; network screens in `followed` take videos by themselves.
    func update(screens: [VideoToyCore.Screen], current: ScreenID?, followed: Set<ScreenID>) {
        connections.forEach { $0.cancel() }
        connections.removeAll()
        entries.forEach { gtk_box_remove(gcast(list), $0) }
        entries.removeAll()
        for screen in screens {
            let text = (screen.id == current ? "✓ " : "    ") + Self.label(of: screen)
            let entry = gtk_button_new()!
            let content = Widgets.box(vertical: false, spacing: 6)
            // A TV on the network is told apart from a cable at a glance, as GNOME's sharing menus show it.
            let icon = gtk_image_new_from_icon_name(screen.kind == .network ? "network-wireless-symbolic" : "video-display-symbolic")!
            Widgets.append(content, icon)
            Widgets.append(content, gtk_label_new(text)!)
            gtk_button_set_child(gcast(entry), content)
            gtk_widget_add_css_class(entry, "flat")
            let id = screen.id
            connections.append(
                Signal.connect(entry, "clicked") { [unowned self] in
                    gtk_menu_button_popdown(gcast(button))
                    onChoose(id)
                })
            Widgets.append(list, entry)
            entries.append(entry)
            guard screen.kind == .network else { continue }
            // A TV is not a cable the user plugged in: whether videos go there by themselves is the user's to say.
            let follow = gtk_check_button_new_with_label(tr("Move videos to this screen automatically"))!
            gtk_check_button_set_active(gcast(follow), followed.contains(id) ? 1 : 0)
            gtk_widget_set_margin_start(follow, 24)
            connections.append(
                Signal.connect(follow, "toggled") { [unowned self] in
                    onFollow(id, gtk_check_button_get_active(gcast(follow)) != 0)
                })
            Widgets.append(list, follow)
            entries.append(follow)
        }
        // With one screen there is nothing to choose, but the menu still shows where videos go.
        Widgets.setVisible(button, !screens.isEmpty)
    }

    /// How the menu names `screen`: a network screen by its own name, a monitor by its maker, model and connector.
    static func label(of screen: VideoToyCore.Screen) -> String {
        if screen.kind == .network, !screen.name.isEmpty { return screen.name }
        let name = [screen.id.manufacturer, screen.id.model].filter { !$0.isEmpty }.joined(separator: " ")
        // TRANSLATORS: an external screen in the screen menu: its maker and model, then its connector ("LG TV (HDMI-1)").
        return name.isEmpty ? screen.id.connector : tr("%s (%s)", name, screen.id.connector)
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject
import VideoToyText

/// The header bar's sort menu: by name, date modified, duration or size, and whether descending.
///
/// Two stateful application actions back it, `app.sort-by` (a key's name) and `app.sort-descending`, so the menu
/// shows the current choice as radio items and a check box.
@MainActor
final class SortMenu {
    private let button: Widget
    private let byKey: OpaquePointer
    private let descending: OpaquePointer
    private var connections: [SignalConnection] = []
    private var current: RowSort
    private let onChange: @MainActor (RowSort) -> Void

    /// Gives `button` (the header bar's) the menu, showing `sort`; `onChange` receives each new choice.
    init(
        button: Widget, application: UnsafeMutablePointer<GtkApplication>, sort: RowSort,
        onChange: @escaping @MainActor (RowSort) -> Void
    ) {
        self.button = button
        current = sort
        self.onChange = onChange
        let stringType = g_variant_type_new("s")
        byKey = g_simple_action_new_stateful("sort-by", stringType, g_variant_new_string(sort.key.rawValue))
        g_variant_type_free(stringType)
        descending = g_simple_action_new_stateful("sort-descending", nil, g_variant_new_boolean(sort.ascending ? 0 : 1))
        for action in [byKey, descending] {
            g_action_map_add_action(OpaquePointer(application), action)
        }

        let menu = g_menu_new()!
        let keys = g_menu_new()!
        let labels: [(RowSort.Key, String)] = [
            // TRANSLATORS: the sort menu: order the rows by the file's name, date modified, duration or size.
            (.name, trp("sort by", "_Name")), (.modified, trp("sort by", "Date _Modified")),
            (.duration, trp("sort by", "D_uration")), (.size, trp("sort by", "_Size")),
        ]
        for (key, label) in labels {
            g_menu_append(keys, label, "app.sort-by::\(key.rawValue)")
        }
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(keys))
        let order = g_menu_new()!
        g_menu_append(order, tr("_Descending"), "app.sort-descending")
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(order))
        g_object_unref(graw(keys))
        g_object_unref(graw(order))

        gtk_menu_button_set_menu_model(gcast(button), UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(graw(menu))
        showIcon()

        // A radio item asks to change the state to its target; the check box to the opposite of its state.
        connections.append(
            Signal.connectObject(graw(byKey), "change-state") { [unowned self] value in
                let name = String(cString: g_variant_get_string(OpaquePointer(value), nil))
                guard let key = RowSort.Key(rawValue: name) else { return }
                choose(RowSort(key: key, ascending: current.ascending))
            })
        connections.append(
            Signal.connectObject(graw(descending), "change-state") { [unowned self] value in
                choose(RowSort(key: current.key, ascending: g_variant_get_boolean(OpaquePointer(value)) == 0))
            })
    }

    private func choose(_ sort: RowSort) {
        guard sort != current else { return }
        current = sort
        g_simple_action_set_state(byKey, g_variant_new_string(sort.key.rawValue))
        g_simple_action_set_state(descending, g_variant_new_boolean(sort.ascending ? 0 : 1))
        showIcon()
        onChange(sort)
    }

    private func showIcon() {
        gtk_menu_button_set_icon_name(gcast(button), current.ascending ? "view-sort-ascending-symbolic" : "view-sort-descending-symbolic")
    }
}

import CGtk
import VideoToyGObject

/// A GtkWidget pointer.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small constructors and setters that hide GTK's pointer casts from the views.
@MainActor
enum Widgets {
    /// A horizontal or vertical box.
    static func box(vertical: Bool, spacing: Int32 = 0) -> Widget {
        gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)
    }

    /// A frameless menu button with `icon`, named and explained by `name`, whose popover holds a vertical list; returns
    /// the button and the list to fill.
    static func popoverList(icon: String, name: String, tooltip: String) -> (button: Widget, list: Widget) {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gcast(button), icon)
        setAccessibleName(button, name)
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_menu_button_set_has_frame(gcast(button), 0)
        let list = box(vertical: true, spacing: 2)
        // A long list (the track menu's 26 encodings) scrolls instead of running off the bottom of the screen.
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(gcast(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_width(gcast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(gcast(scroller), 420)
        gtk_scrolled_window_set_child(gcast(scroller), list)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gcast(popover), scroller)
        gtk_menu_button_set_popover(gcast(button), popover)
        return (button, list)
    }

    /// Appends `child` to the box `box`.
    static func append(_ box: Widget, _ child: Widget) {
        gtk_box_append(gcast(box), child)
    }

    /// A left-aligned label that wraps over as many lines as it needs.
    static func label(
        _ text: String = "", classes: [String] = [], wrap: Bool = true,
        ellipsize: PangoEllipsizeMode = PANGO_ELLIPSIZE_NONE
    ) -> Widget {
        let label = gtk_label_new(text)!
        let typed: OpaquePointer = gcast(label)
        gtk_label_set_xalign(typed, 0)
        if wrap {
            gtk_label_set_wrap(typed, 1)
            gtk_label_set_wrap_mode(typed, PANGO_WRAP_WORD_CHAR)
        }
        if ellipsize != PANGO_ELLIPSIZE_NONE {
            gtk_label_set_ellipsize(typed, ellipsize)
            // Room for a readable start of the text before the ellipsis.
            gtk_label_set_width_chars(typed, 12)
        }
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// Sets a label's text.
    static func setText(_ label: Widget, _ text: String) {
        gtk_label_set_text(gcast(label), text)
    }

    /// Replaces the text of an editable (an entry).
    static func setEditableText(_ editable: Widget, _ text: String) {
        gtk_editable_set_text(gcast(editable), text)
    }

    /// A flat button with a symbolic icon, a tooltip, and the name a screen reader says (the tooltip unless given).
    static func iconButton(_ icon: String, tooltip: String, name: String? = nil) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, tooltip)
        vt_set_accessible_label(button, name ?? tooltip)
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_focus_on_click(button, 0)
        return button
    }

    /// Changes a button's icon.
    static func setIcon(_ button: Widget, _ icon: String) {
        gtk_button_set_icon_name(gcast(button), icon)
    }

    /// Sets the name a screen reader says for `widget`.
    static func setAccessibleName(_ widget: Widget, _ name: String) {
        vt_set_accessible_label(widget, name)
    }

    /// Shows or hides a widget.
    static func setVisible(_ widget: Widget, _ visible: Bool) {
        gtk_widget_set_visible(widget, visible ? 1 : 0)
    }

    /// Adds or removes a CSS class.
    static func setClass(_ widget: Widget, _ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    /// A picture that scales its paintable to fit and may shrink below the paintable's size.
    static func picture() -> Widget {
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(gcast(picture), 1)
        gtk_picture_set_content_fit(gcast(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_hexpand(picture, 1)
        gtk_widget_set_vexpand(picture, 1)
        return picture
    }

    /// Removes `child` from whatever parent it has, keeping it alive through the caller's reference.
    static func unparent(_ child: Widget) {
        guard let parent = gtk_widget_get_parent(child) else { return }
        if g_type_check_instance_is_a(gcast(parent), gtk_box_get_type()) != 0 {
            gtk_box_remove(gcast(parent), child)
        } else if g_type_check_instance_is_a(gcast(parent), gtk_window_get_type()) != 0 {
            gtk_window_set_child(gcast(parent), nil)
        } else {
            gtk_widget_unparent(child)
        }
    }
}

import CGtk
import VideoToyCore
import VideoToyGObject

/// What a drag onto the show carries: a library row's video, or a show entry being moved. A string travels between
/// widgets of this window only, so a text dropped from another program is refused rather than guessed at.
enum ShowDrag: Equatable {
    /// A row of the library list, by its item.
    case item(ItemID)
    /// An entry of the show, by its index.
    case entry(Int)

    /// G_TYPE_STRING, a macro Swift does not import: the fundamental type 16, shifted as GLib numbers them.
    static let stringType = GType(16 << 2)

    private static let itemPrefix = "videotoy-item:", entryPrefix = "videotoy-show-entry:"

    /// The payload's text.
    var text: String {
        switch self {
        case .item(let id): ShowDrag.itemPrefix + String(id.rawValue)
        case .entry(let index): ShowDrag.entryPrefix + String(index)
        }
    }

    /// The payload `text` carries, or nil for any other text.
    init?(text: String) {
        if text.hasPrefix(ShowDrag.itemPrefix), let raw = Int(text.dropFirst(ShowDrag.itemPrefix.count)) {
            self = .item(ItemID(raw))
        } else if text.hasPrefix(ShowDrag.entryPrefix), let index = Int(text.dropFirst(ShowDrag.entryPrefix.count)), index >= 0 {
            self = .entry(index)
        } else {
            return nil
        }
    }

    /// A drag source on `widget`; its payload is set with `offer(_:on:)`.
    @MainActor
    static func source(on widget: Widget) -> OpaquePointer {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        gtk_widget_add_controller(widget, source)
        return source
    }

    /// Makes `source` carry `drag` from now on (nil: nothing to drag).
    @MainActor
    static func offer(_ drag: ShowDrag?, on source: OpaquePointer) {
        guard let drag else {
            gtk_drag_source_set_content(source, nil)
            return
        }
        var value = GValue()
        g_value_init(&value, stringType)
        defer { g_value_unset(&value) }
        g_value_set_string(&value, drag.text)
        let provider = gdk_content_provider_new_for_value(&value)
        gtk_drag_source_set_content(source, provider)
        g_object_unref(provider)
    }

    /// A drop target on `widget` for show payloads; `onDrop` says whether it took the one dropped.
    @MainActor
    static func target(on widget: Widget, _ onDrop: @escaping @MainActor (ShowDrag) -> Bool) -> SignalConnection {
        let target = gtk_drop_target_new(stringType, GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))!
        let connection = Signal.drop(graw(target)) { value in
            let gvalue = value.assumingMemoryBound(to: GValue.self)
            guard g_type_check_value_holds(gvalue, stringType) != 0, let text = g_value_get_string(gvalue),
                let drag = ShowDrag(text: String(cString: text))
            else { return false }
            return onDrop(drag)
        }
        gtk_widget_add_controller(widget, target)
        return connection
    }
}

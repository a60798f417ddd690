import CGtk

/// Tells the user's own input apart from what the window system sends on its own.
enum UserInput {
    /// True for keys, pointer buttons and motion, scrolling, touch and drops: input after which work may follow.
    ///
    /// Crossing, focus and grab events are not: minimising the window sends them, and they must not keep the main
    /// loop's watchdog beating while the app is idle.
    static func isUserInput(_ type: GdkEventType) -> Bool {
        switch type {
        case GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY, GDK_SCROLL,
            GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL, GDK_TOUCHPAD_SWIPE, GDK_TOUCHPAD_PINCH,
            GDK_TOUCHPAD_HOLD, GDK_PAD_BUTTON_PRESS, GDK_PAD_BUTTON_RELEASE, GDK_PAD_RING, GDK_PAD_STRIP,
            GDK_DRAG_ENTER, GDK_DRAG_MOTION, GDK_DROP_START:
            return true
        default:
            return false
        }
    }
}

import CGtk
import Testing

@testable import VideoToyGtk

/// Which events keep the main loop's watchdog beating: the user's input does, what the window system sends when the
/// window is minimised or loses the pointer does not (an idle, minimised app must not wake up).
@Suite("User input")
struct UserInputTests {
    @Test(
        "keys, buttons, motion, scrolling, touch and drops are the user's input",
        arguments: [
            GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE, GDK_MOTION_NOTIFY, GDK_SCROLL,
            GDK_TOUCH_BEGIN, GDK_TOUCH_END, GDK_TOUCHPAD_SWIPE, GDK_DROP_START,
        ])
    func userInput(_ type: GdkEventType) {
        #expect(UserInput.isUserInput(type))
    }

    @Test(
        "crossing, focus, grab, proximity and close requests are not: minimising the window sends them",
        arguments: [GDK_ENTER_NOTIFY, GDK_LEAVE_NOTIFY, GDK_FOCUS_CHANGE, GDK_GRAB_BROKEN, GDK_PROXIMITY_IN, GDK_DELETE])
    func windowSystemEvents(_ type: GdkEventType) {
        #expect(!UserInput.isUserInput(type))
    }
}

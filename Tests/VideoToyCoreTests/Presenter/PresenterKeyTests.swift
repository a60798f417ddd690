import Testing
import VideoToyCore

/// The presenter's keys: what a slide-show program or a clicker sends, and what stays as before.
@Suite("Presenter keys")
struct PresenterKeyTests {
    /// Key, shift, presenting, show running, expected command.
    static let cases: [(String, Bool, Bool, Bool, KeyCommand?)] = [
        ("b", false, false, false, .presenter(.cover(.black))),
        ("period", false, true, false, .presenter(.cover(.black))),
        ("W", false, true, true, .presenter(.cover(.white))),
        ("h", false, true, false, .presenter(.freeze)),
        ("a", false, false, false, .video(.cycleTrack(.audio))),
        ("F5", false, false, false, .presenter(.startShow(fromCurrent: false))),
        ("F5", true, false, false, .presenter(.startShow(fromCurrent: true))),
        ("Insert", false, false, false, .presenter(.addToShow)),
        ("plus", false, false, false, .presenter(.addToShow)),
        ("x", false, true, false, .presenter(.swapScreens)),
        // Page Down/Up: the clicker's next and previous while presenting, a screenful in the list otherwise.
        ("Page_Down", false, true, false, .presenter(.next)),
        ("Next", false, true, false, .presenter(.next)),
        ("Page_Up", false, true, false, .presenter(.previous)),
        ("Page_Down", false, false, false, .select(.pages(1))),
        ("Next", false, false, false, .select(.pages(1))),
        ("Page_Up", false, false, false, .select(.pages(-1))),
        // Left/Right: next and previous in a running show only; they seek otherwise, on a projector too.
        ("Right", false, true, true, .presenter(.next)),
        ("Left", false, false, true, .presenter(.previous)),
        ("Right", false, true, false, .video(.seekBy(KeyBindings.seekStepMs))),
        ("Left", false, false, false, .video(.seekBy(-KeyBindings.seekStepMs))),
        // Escape ends a running show; otherwise it leaves fullscreen as before.
        ("Escape", false, true, true, .presenter(.endShow)),
        ("Escape", false, true, false, .video(.leaveFullscreen)),
    ]

    @Test("Presenter keys", arguments: cases.indices)
    func key(index: Int) {
        let (key, shift, presenting, running, expected) = Self.cases[index]
        let command = KeyBindings.command(
            for: key, control: false, inVideoWindow: false, shift: shift, presenting: presenting, showRunning: running)
        #expect(command == expected, "\(key) shift=\(shift) presenting=\(presenting) running=\(running)")
    }

    @Test("Typing in the search keeps B, W, H, X and the show keys as letters")
    func typing() {
        for key in ["b", "w", "h", "x", "period", "plus", "a"] {
            #expect(KeyBindings.command(for: key, control: false, inVideoWindow: false, typingInSearch: true, presenting: true) == nil)
        }
    }
}

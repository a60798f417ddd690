/// Something a key asks the app to do.
public enum KeyCommand: Equatable, Sendable {
    /// Quit (Ctrl+Q).
    case quit
    /// Show the shortcuts window (Ctrl+?).
    case showShortcuts
    /// Open the search bar, or select its text when it is open (Ctrl+F).
    case search
    /// Choose a folder to add to the library (Ctrl+O).
    case openFolder
    /// Show the Preferences window (Ctrl+,).
    case preferences
    /// Move the list selection (Up/Down, Page Up/Page Down, Home/End in the list).
    case select(SelectionMove)
    /// Play the selected row (Enter).
    case playSelected
    /// Play or pause: the selected row in the list, the current video in a video window (Space).
    case togglePlay
    /// Ask the current video's view for something (seek, volume, mute, fullscreen, next).
    case video(ViewIntent)
    /// A presenter's key: a cover, a freeze, the show's and the clicker's steps.
    case presenter(PresenterCommand)
}

/// The keyboard map, in one place and independent of the toolkit's key codes.
public enum KeyBindings {
    /// The seek step of Left/Right.
    public static let seekStepMs = 5000
    /// The volume step of Up/Down in a video.
    public static let volumeStep = 0.05

    /// The command for a key named as GDK names it (`Up`, `space`, `m`, `question`); nil when the key is not ours.
    /// `inVideoWindow` is true in a fullscreen or external scene window, where Up/Down change the volume;
    /// `typingInSearch` while the search entry has the keyboard, which then keeps every plain key but the ones that
    /// move through and play the results (Escape included: it ends the search). While `presenting` (a show runs, or
    /// a video is on an external screen) Page Up/Page Down step through the videos as a presenter clicker's keys
    /// would; while `showRunning` Left/Right do too (clickers send either) and Escape ends the show.
    public static func command(
        for key: String, control: Bool, inVideoWindow: Bool, typingInSearch: Bool = false, shift: Bool = false,
        presenting: Bool = false, showRunning: Bool = false
    ) -> KeyCommand? {
        if control {
            switch key {
            case "q", "Q": return .quit
            case "question", "slash": return .showShortcuts
            case "f", "F": return inVideoWindow ? nil : .search
            case "o", "O": return inVideoWindow ? nil : .openFolder
            case "comma": return inVideoWindow ? nil : .preferences
            default: return nil
            }
        }
        if typingInSearch && !inVideoWindow {
            switch key {
            case "Up": return .select(.rows(-1))
            case "Down": return .select(.rows(1))
            case "Return", "KP_Enter": return .playSelected
            default: return nil
            }
        }
        if let command = presenterCommand(for: key, shift: shift, presenting: presenting, showRunning: showRunning) {
            return .presenter(command)
        }
        switch key {
        case "Up": return inVideoWindow ? .video(.volumeBy(volumeStep)) : .select(.rows(-1))
        case "Down": return inVideoWindow ? .video(.volumeBy(-volumeStep)) : .select(.rows(1))
        case "Return", "KP_Enter": return .playSelected
        case "Page_Up", "Prior", "KP_Page_Up", "KP_Prior": return inVideoWindow ? nil : .select(.pages(-1))
        case "Page_Down", "Next", "KP_Page_Down", "KP_Next": return inVideoWindow ? nil : .select(.pages(1))
        case "Home", "KP_Home": return inVideoWindow ? nil : .select(.first)
        case "End", "KP_End": return inVideoWindow ? nil : .select(.last)
        case "space": return .togglePlay
        case "Left": return .video(.seekBy(-seekStepMs))
        case "Right": return .video(.seekBy(seekStepMs))
        case "m", "M": return .video(.toggleMute)
        case "f", "F": return .video(.toggleFullscreen)
        case "n", "N": return .video(.next)
        case "v", "V": return .video(.cycleTrack(.subtitles))
        case "a", "A": return .video(.cycleTrack(.audio))
        case "Escape": return .video(.leaveFullscreen)
        default: return nil
        }
    }

    /// The presenter's keys, as slide-show programs and presenter clickers use them.
    private static func presenterCommand(for key: String, shift: Bool, presenting: Bool, showRunning: Bool) -> PresenterCommand? {
        switch key {
        case "b", "B", "period", "KP_Decimal": return .cover(.black)
        case "w", "W": return .cover(.white)
        case "h", "H": return .freeze
        case "F5": return .startShow(fromCurrent: shift)
        case "Insert", "KP_Insert", "plus", "KP_Add": return .addToShow
        case "x", "X": return .swapScreens
        case "Page_Down", "Next", "KP_Page_Down", "KP_Next": return presenting || showRunning ? .next : nil
        case "Page_Up", "Prior", "KP_Page_Up", "KP_Prior": return presenting || showRunning ? .previous : nil
        case "Right": return showRunning ? .next : nil
        case "Left": return showRunning ? .previous : nil
        case "Escape": return showRunning ? .endShow : nil
        default: return nil
        }
    }
}

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
    /// move through and play the results (Escape included: it ends the search).
    public static func command(for key: String, control: Bool, inVideoWindow: Bool, typingInSearch: Bool = false) -> KeyCommand? {
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
        switch key {
        case "Up": return inVideoWindow ? .video(.volumeBy(volumeStep)) : .select(.rows(-1))
        case "Down": return inVideoWindow ? .video(.volumeBy(-volumeStep)) : .select(.rows(1))
        case "Return", "KP_Enter": return .playSelected
        case "Page_Up", "KP_Page_Up": return inVideoWindow ? nil : .select(.pages(-1))
        case "Page_Down", "KP_Page_Down": return inVideoWindow ? nil : .select(.pages(1))
        case "Home", "KP_Home": return inVideoWindow ? nil : .select(.first)
        case "End", "KP_End": return inVideoWindow ? nil : .select(.last)
        case "space": return .togglePlay
        case "Left": return .video(.seekBy(-seekStepMs))
        case "Right": return .video(.seekBy(seekStepMs))
        case "m", "M": return .video(.toggleMute)
        case "f", "F": return .video(.toggleFullscreen)
        case "n", "N": return .video(.next)
        case "v", "V": return .video(.cycleTrack(.subtitles))
        case "b", "B": return .video(.cycleTrack(.audio))
        case "Escape": return .video(.leaveFullscreen)
        default: return nil
        }
    }
}

/// A presenter key or button: a cover, a freeze, the show's steps, swapping the screens.
public enum PresenterCommand: Hashable, Sendable {
    /// Black (B or .) or white (W) the screen, or show the picture again.
    case cover(Cover)
    /// Hold the picture, or let it follow the video again (H).
    case freeze
    /// The next video: the show's cued one, else the next row's (Page Down, and Right in a show).
    case next
    /// The video before: the show's previous one, else the previous row's (Page Up, and Left in a show).
    case previous
    /// Start the show from its first video (F5), or from the current or selected one (Shift+F5).
    case startShow(fromCurrent: Bool)
    /// End the show (Escape while it runs).
    case endShow
    /// Add the selected row to the show (Insert, +).
    case addToShow
    /// Put the main window on the external monitor and the video on the main window's screen, or back (X).
    case swapScreens
}

extension PresenterCommand {
    /// The command an `app.presenter` action names (`black`, `white`, `picture`, `freeze`, `next`, `previous`,
    /// `start-show`, `start-show-here`, `end-show`, `swap-screens`), for scripts and tests; nil for any other name.
    public init?(actionName name: String) {
        switch name {
        case "black": self = .cover(.black)
        case "white": self = .cover(.white)
        case "picture": self = .cover(.none)
        case "freeze": self = .freeze
        case "next": self = .next
        case "previous": self = .previous
        case "start-show": self = .startShow(fromCurrent: false)
        case "start-show-here": self = .startShow(fromCurrent: true)
        case "end-show": self = .endShow
        case "swap-screens": self = .swapScreens
        default: return nil
        }
    }
}

/// Something that happened outside the router: the monitor list, the main window, playback, the adapter or a timer.
public enum RouterEvent: Hashable, Sendable {
    /// The monitor list changed (or is reported for the first time); the full current list, in the system's order.
    /// Monitors that are not ready yet (no connector or empty geometry) are ignored until a later list has them ready.
    case screensChanged([Screen])
    /// The network screens changed (a renderer was found or went away); the full current list, monitors excluded.
    case networkScreensChanged([Screen])
    /// The network screen stopped playing on its own (someone pressed stop on the TV's remote) or refused the video:
    /// the video comes back, and the screen is not used again until the user chooses it or it reappears.
    case screenGaveUp(ScreenID)
    /// The user turned on or off whether videos move to this network screen by themselves when it appears.
    case setFollows(ScreenID, Bool)
    /// The main window is now on the screen with this connector; every other screen is external.
    case mainScreenChanged(connector: String)
    /// The user selected this item to play.
    case selected(ItemID)
    /// The user stopped the selected item without selecting another.
    case deselected
    /// This item played to its end.
    case finished(ItemID)
    /// The adapter reports where the item's view actually is after applying a `moveView`.
    case viewMoved(ItemID, Route)
    /// The grace timer started for this screen expired.
    case graceTimerFired(ScreenID)
    /// The user picked this external screen for the scene; the choice is remembered.
    case userChoseScreen(ScreenID)
    /// The app is quitting: restore modes and close everything.
    case shutdown
    /// The user changed the grace period or whether display modes are kept (Preferences).
    case reconfigure(gracePeriodMilliseconds: Int, keepMode: Bool)
}

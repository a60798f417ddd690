/// The external-screen side of the controller: screen events in, router effects carried out.
extension AppController {
    /// Connects the scene host (external windows and display modes).
    public func attach(scenes: SceneHost) {
        screenDriver.attach(scenes: scenes)
    }

    /// The routing state machine: which view is on which screen.
    public var router: Router { screenDriver.router }

    /// Whether the app is quitting: display modes are then restored before returning, and nothing is pre-rolled.
    var quitting: Bool { screenDriver.quitting }

    /// The monitor list changed; the screen driver logs what came and went and lets the router decide.
    public func screensChanged(_ screens: [Screen], correcting correction: ScreenCorrection? = nil) {
        screenDriver.screensChanged(screens, correcting: correction)
    }

    /// The main window is on the screen with `connector`.
    public func mainScreenChanged(connector: String) {
        route(.mainScreenChanged(connector: connector))
    }

    /// The user picked an external screen for the scene.
    public func chooseScreen(_ id: ScreenID) {
        route(.userChoseScreen(id))
    }

    /// The user picked the external screen called `name` (a connector, or a TV's name or id); false when none is.
    @discardableResult
    public func chooseScreen(named name: String) -> Bool {
        guard let screen = router.externalScreens.first(where: { $0.answers(to: name) }) else { return false }
        chooseScreen(screen.id)
        return true
    }

    func route(_ event: RouterEvent) {
        screenDriver.handle(event)
    }
}

/// What the router asks of the videos and the playback.
extension AppController: ScreenDriver.Owner {
    func moveView(_ id: ItemID, to destination: Route) -> RouterEvent {
        guard players[id] != nil, library.item(id) != nil else {
            // No live view: it is in its row by definition (a poster), which the router must learn.
            return .viewMoved(id, .row(id))
        }
        castMove(id, to: destination)
        playbackDriver.place(.routed(id, destination))
        return .viewMoved(id, destination)
    }

    func pauseForRouting(_ id: ItemID) {
        playbackDriver.handle(.pause(id))
    }

    func screenChosen(_ screen: ScreenID) {
        memory.onScreenChosen?(screen)
    }

    func networkScreenRemembered(_ connector: String, follows: Bool) {
        memory.onNetworkScreenRemembered?(connector, follows)
    }

    func routed() {
        followVideoWithSound()
        // The screen chooser lists the screens and the one in use.
        publish()
    }
}

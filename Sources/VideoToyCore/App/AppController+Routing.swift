import Dispatch

/// The external-screen side of the controller: screen events in, router effects carried out.
extension AppController {
    /// Connects the scene host (external windows and display modes).
    public func attach(scenes: SceneHost) {
        self.scenes = scenes
    }

    /// The monitor list changed; logs connections, and what a check found that no notification had reported, and lets
    /// the router decide.
    public func screensChanged(_ screens: [Screen], correcting correction: ScreenCorrection? = nil) {
        if let correction {
            log.emit(
                .screensReconciled,
                fields: [
                    (.gone, .array(correction.gone.map { .string($0.connector) })),
                    (.added, .array(correction.added.map { .string($0.connector) })),
                ])
        }
        for change in self.screens.update(screens) {
            switch change {
            case .connected(let screen): log.emit(.screenConnected, fields: AppController.fields(of: screen))
            case .disconnected(let screen): log.emit(.screenDisconnected, fields: AppController.fields(of: screen))
            }
        }
        route(.screensChanged(screens))
    }

    /// The main window is on the screen with `connector`.
    public func mainScreenChanged(connector: String) {
        route(.mainScreenChanged(connector: connector))
    }

    /// The user picked an external screen for the scene.
    public func chooseScreen(_ id: ScreenID) {
        route(.userChoseScreen(id))
    }

    static func fields(of screen: Screen) -> [(EventField, JSONValue)] {
        [
            (.connector, .string(screen.id.connector)), (.manufacturer, .string(screen.id.manufacturer)),
            (.model, .string(screen.id.model)), (.geometry, .string(screen.geometry.description)),
            (.modes, .array(screen.modes.reversed().map { .string($0.description) })),
        ]
    }

    func route(_ event: RouterEvent) {
        var queue = [event]
        // viewMoved confirmations may produce corrections; handle them in order, without recursion.
        while !queue.isEmpty {
            let effects = router.handle(queue.removeFirst())
            for effect in effects {
                if let followUp = carryOut(effect) { queue.append(followUp) }
            }
        }
        followVideoWithSound()
        // The screen chooser lists the screens and the one in use.
        publish()
    }

    private func carryOut(_ effect: RouterEffect) -> RouterEvent? {
        switch effect {
        case .openScene(let screen, let role):
            scenes?.openScene(on: screen, role: role)
            log.emit(.sceneOpen, fields: [(.connector, .string(screen.connector))])
        case .setSceneRole(let screen, let role):
            scenes?.setSceneRole(role, on: screen)
        case .closeScene(let screen):
            scenes?.closeScene(on: screen)
            log.emit(.sceneClose, fields: [(.connector, .string(screen.connector))])
        case .moveView(let id, let destination):
            return moveView(id, to: destination)
        case .pause(let id):
            apply(policy.handle(.pause(id)))
        case .setMode(let screen, let mode):
            changeMode(mode, on: screen, event: .modeSet)
        case .restoreMode(let screen, let mode):
            changeMode(mode, on: screen, event: .modeRestored)
        case .startGraceTimer(let screen, let milliseconds):
            graceTimers[screen]?.cancel()
            graceTimers[screen] = timers.after(milliseconds: milliseconds) { [weak self] in
                guard let self else { return }
                self.graceTimers[screen] = nil
                self.route(.graceTimerFired(screen))
            }
        case .cancelGraceTimer(let screen):
            graceTimers.removeValue(forKey: screen)?.cancel()
        case .rememberPreferredScreen(let screen):
            log.emit(.screenChosen, fields: [(.connector, .string(screen.connector)), (.model, .string(screen.model))])
            memory.onScreenChosen?(screen)
        }
        return nil
    }

    private func moveView(_ id: ItemID, to destination: Route) -> RouterEvent? {
        guard players[id] != nil, library.item(id) != nil else {
            // No live view: it is in its row by definition (a poster), which the router must learn.
            return .viewMoved(id, .row(id))
        }
        place(.routed(id, destination))
        return .viewMoved(id, destination)
    }

    private func changeMode(_ mode: ScreenMode, on screen: ScreenID, event: EventName) {
        guard let scenes else { return }
        // On the way out nothing would carry out a later answer, and the user's mode must be back before exit.
        let restoring = event == .modeRestored
        if quitting { return reportMode(scenes.setModeNow(mode, on: screen, restoring: restoring), mode, on: screen, event: event) }
        scenes.setMode(mode, on: screen, restoring: restoring) { [weak self] refusal in
            self?.reportMode(refusal, mode, on: screen, event: event)
        }
    }

    private func reportMode(_ refusal: String?, _ mode: ScreenMode, on screen: ScreenID, event: EventName) {
        if let refusal {
            log.emit(
                .modeUnavailable,
                fields: [
                    (.connector, .string(screen.connector)), (.mode, .string(mode.description)),
                    (.reason, .string(refusal)),
                ])
        } else {
            log.emit(event, fields: [(.connector, .string(screen.connector)), (.mode, .string(mode.description))])
        }
    }
}

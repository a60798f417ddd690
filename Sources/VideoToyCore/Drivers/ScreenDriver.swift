/// Carries out the routing machine's effects: scenes and display modes through the scene host, grace periods on the
/// timer port, and the event log. What the router asks of the videos and the playback goes to `ScreenDriver.Owner`.
///
/// It holds the screens once: the router's list, plus the roster that tells connections from a new monitor list.
@MainActor
final class ScreenDriver {
    /// What the router asks of the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// Moves the live view of `id` to `route`; returns what the router must hear back.
        func moveView(_ id: ItemID, to route: Route) -> RouterEvent
        /// Pauses the video of `id` (another one took the screen).
        func pauseForRouting(_ id: ItemID)
        /// The user's screen choice, to keep across runs.
        func screenChosen(_ screen: ScreenID)
        /// The user chose a network screen, or changed whether videos follow it: to keep across runs.
        func networkScreenRemembered(_ connector: String, follows: Bool)
        /// A batch of routing events was carried out: the sound follows the video and the snapshot is published.
        func routed()
    }

    /// The routing state machine: which view is on which screen.
    private(set) var router: Router
    private var roster = ScreenRoster()
    private var networkRoster = ScreenRoster()
    private var graceTimers: [ScreenID: ScheduledTimer] = [:]
    private weak var scenes: SceneHost?
    private weak var owner: Owner?
    private let timers: TimerScheduling
    private let log: EventLog
    /// The cast to network screens, once renderers are attached: a network screen shows its video through it.
    var cast: CastDriver?
    /// Set once the app is quitting: display modes are then restored before returning.
    private(set) var quitting = false

    /// Creates a driver for a router made from `config`, timing grace periods on `timers`.
    init(config: RouterConfig, timers: TimerScheduling, log: EventLog) {
        router = Router(config: config)
        self.timers = timers
        self.log = log
    }

    /// Connects what the router's effects act on.
    func attach(owner: Owner) { self.owner = owner }

    /// Connects the scene host (external windows and display modes).
    func attach(scenes: SceneHost) { self.scenes = scenes }

    /// The monitor list changed; logs connections, and what a check found that no notification had reported, and lets
    /// the router decide.
    func screensChanged(_ screens: [Screen], correcting correction: ScreenCorrection?) {
        if let correction {
            log.emit(
                .screensReconciled,
                fields: [
                    (.gone, .array(correction.gone.map { .string($0.connector) })),
                    (.added, .array(correction.added.map { .string($0.connector) })),
                ])
        }
        for change in roster.update(screens) {
            switch change {
            case .connected(let screen): log.emit(.screenConnected, fields: Self.fields(of: screen))
            case .disconnected(let screen): log.emit(.screenDisconnected, fields: Self.fields(of: screen))
            }
        }
        handle(.screensChanged(screens))
    }

    /// The renderers on the network changed; logs each that came or went, and lets the router decide.
    func networkScreensChanged(_ renderers: [NetworkRenderer]) {
        let screens = renderers.map(Screen.init(renderer:))
        for change in networkRoster.update(screens) {
            switch change {
            case .connected(let screen): log.emit(.screenConnected, fields: Self.fields(of: screen))
            case .disconnected(let screen): log.emit(.screenDisconnected, fields: Self.fields(of: screen))
            }
        }
        handle(.networkScreensChanged(screens))
    }

    /// The ready screen on `connector` (a network screen's `upnp:` identifier included), if any.
    func screen(onConnector connector: String) -> Screen? {
        roster.screens.values.first { $0.id.connector == connector }
            ?? networkRoster.screens.values.first { $0.id.connector == connector }
    }

    /// How a person knows the screen on `connector`: its maker and model, else the connector.
    func name(ofConnector connector: String) -> String {
        let name = madeBy(connector)
        return name.isEmpty ? connector : name
    }

    /// How a person knows the screen on `connector`: a network screen's own name, else its maker and model, or ""
    /// when it has none of them (or is gone).
    func madeBy(_ connector: String) -> String {
        let screen = screen(onConnector: connector)
        if let screen, screen.kind == .network, !screen.name.isEmpty { return screen.name }
        return [screen?.id.manufacturer ?? "", screen?.id.model ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Feeds `event` to the router and carries out what it says, then what the view moves report back.
    func handle(_ event: RouterEvent) {
        var queue = [event]
        // viewMoved confirmations may produce corrections; handle them in order, without recursion.
        while !queue.isEmpty {
            for effect in router.handle(queue.removeFirst()) {
                if let followUp = carryOut(effect) { queue.append(followUp) }
            }
        }
        owner?.routed()
    }

    /// Restores display modes and closes scenes, waiting for each mode, for a clean exit.
    func shutDown() {
        quitting = true
        handle(.shutdown)
    }

    static func fields(of screen: Screen) -> [(EventField, JSONValue)] {
        [
            (.connector, .string(screen.id.connector)), (.kind, .string(screen.kind.rawValue)), (.name, .string(screen.name)),
            (.manufacturer, .string(screen.id.manufacturer)),
            (.model, .string(screen.id.model)), (.geometry, .string(screen.geometry.description)),
            (.modes, .array(screen.modes.reversed().map { .string($0.description) })),
        ]
    }

    private func carryOut(_ effect: RouterEffect) -> RouterEvent? {
        switch effect {
        case .openScene(let screen, _), .setSceneRole(let screen, _), .closeScene(let screen):
            // A TV's scene is the cast, which the video's move starts and ends: no window opens for it.
            guard !screen.connector.hasPrefix(NetworkRenderer.idPrefix) else { return nil }
        default: break
        }
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
            return owner?.moveView(id, to: destination)
        case .pause(let id):
            owner?.pauseForRouting(id)
        case .setMode(let screen, let mode):
            changeMode(mode, on: screen, event: .modeSet)
        case .restoreMode(let screen, let mode):
            changeMode(mode, on: screen, event: .modeRestored)
        case .startGraceTimer(let screen, let milliseconds):
            graceTimers[screen]?.cancel()
            graceTimers[screen] = timers.after(milliseconds: milliseconds) { [weak self] in
                guard let self else { return }
                graceTimers[screen] = nil
                handle(.graceTimerFired(screen))
            }
        case .cancelGraceTimer(let screen):
            graceTimers.removeValue(forKey: screen)?.cancel()
        case .rememberPreferredScreen(let screen):
            log.emit(.screenChosen, fields: [(.connector, .string(screen.connector)), (.model, .string(screen.model))])
            owner?.screenChosen(screen)
        case .rememberNetworkScreen(let connector, let follows):
            owner?.networkScreenRemembered(connector, follows: follows)
        }
        return nil
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

    private func reportMode(_ refusal: ModeSettingUnavailable?, _ mode: ScreenMode, on screen: ScreenID, event: EventName) {
        if let refusal {
            log.emit(
                .modeUnavailable,
                fields: [
                    (.connector, .string(screen.connector)), (.mode, .string(mode.description)),
                    (.reason, log.sentence(.modeUnavailable(refusal))),
                ])
        } else {
            log.emit(event, fields: [(.connector, .string(screen.connector)), (.mode, .string(mode.description))])
        }
    }
}

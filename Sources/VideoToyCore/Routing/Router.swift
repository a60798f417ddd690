/// The routing state machine: which external screen carries the scene, where each video view lives, which modes are
/// set and restored. A value type fed one event at a time; it never reads a clock and never touches the display.
///
/// Rules, in the words of the product issue:
/// - Only ready screens count (connector and geometry known); a monitor that was only announced is ignored until a
///   later `screensChanged` lists it ready. The screen on the main connector is main; every other one is external.
/// - At most one external scene exists. Its screen is, in order: the `--screen` pin if connected, else the user's
///   remembered choice (`ScreenID`, so the same monitor) if connected, else the most recently connected external.
///   Falling back never changes the remembered choice; a user choice replaces the pin for the rest of the run.
/// - The scene is idle while nothing is selected and hosts the selected item's only view otherwise; the view moves,
///   it is never recreated, so playback keeps its position. Selecting another item pauses the previous one and
///   sends its view back to its row.
/// - Opening the scene sets the screen's best mode (unless `keepMode`), remembering the previous one; leaving the
///   screen or shutting down restores it. A record for a screen that vanished for good is dropped.
///
/// Grace window: when the scene's screen vanishes and the grace period is on, the video view goes back to its row at
/// once and keeps playing there (so the user still sees it), the scene is closed (its monitor is gone), and the claim
/// on that `ScreenID` is held with its mode record while `startGraceTimer` runs. During the hold no other screen gets
/// the scene. If the same screen comes back first, the timer is cancelled and the scene, the view and the best mode go
/// back to it; when the timer fires, the claim and the mode record are dropped and the normal rules pick a screen.
///
/// Network screens (renderers) are external screens too, with three differences: one that was never chosen does not
/// take the scene by itself (a TV on the network is not a cable the user plugged in); one the user chose follows like
/// a monitor unless they turned that off for it; and one that stopped on its own or refused the video is passed over
/// until the user chooses it again or it goes away and comes back. A video is never left on a screen that is gone.
///
/// Pending moves: effects are declarative, and `viewMoved` reports where a view really ended up; a report that
/// disagrees with the current route (a stale or dropped move) is answered by moving the view to where it belongs now.
public struct Router: Hashable, Sendable {
    /// The settings in force: those it was created with, then the user's changes (grace period, keeping modes).
    public private(set) var config: RouterConfig
    /// The ready screens in connection order.
    public private(set) var screens = ScreenSet()
    /// The connector of the screen holding the main window, once reported.
    public private(set) var mainConnector: String?
    /// The `--screen` connector, until the user chooses a screen.
    public private(set) var pinnedConnector: String?
    /// The user's remembered screen choice.
    public private(set) var preferredScreen: ScreenID?
    /// The network screens chosen before (by connector), and whether videos follow each by itself.
    public private(set) var networkScreens: [String: Bool]
    /// The network screen the user chose in this run, which the scene may use whatever its follow setting.
    public private(set) var chosenNetworkScreen: ScreenID?
    /// Network screens that gave up (stopped on their own, refused the video), passed over until chosen again.
    public private(set) var declined: Set<ScreenID> = []
    /// The item whose video is selected, if any.
    public private(set) var selection: ItemID?
    /// True once `shutdown` was handled; every later event is ignored.
    public private(set) var isShutDown = false
    private var claim = SceneClaim.none

    /// Creates a router with no screens and nothing selected.
    public init(config: RouterConfig = RouterConfig()) {
        self.config = config
        pinnedConnector = config.pinnedConnector
        preferredScreen = config.preferredScreen
        networkScreens = config.networkScreens
    }

    /// The connected screens other than the main one, oldest connection first; what a screen chooser offers.
    public var externalScreens: [Screen] { screens.externals(mainConnector: mainConnector) }

    /// The screen the external scene is open on, if any.
    public var sceneScreen: ScreenID? {
        if case .open(let id, _, _) = claim { id } else { nil }
    }

    /// What the open scene shows, if a scene is open.
    public var sceneRole: SceneRole? {
        if case .open(_, let role, _) = claim { role } else { nil }
    }

    /// The vanished screen whose grace timer is running, if any.
    public var heldScreen: ScreenID? {
        if case .held(let id, _) = claim { id } else { nil }
    }

    /// Where the item's view belongs now.
    public func route(for item: ItemID) -> Route {
        if case .open(let id, .video(item), _) = claim { .screen(id) } else { .row(item) }
    }

    /// Applies one event and returns the effects, in order, that bring the world in line with it.
    public mutating func handle(_ event: RouterEvent) -> [RouterEffect] {
        guard !isShutDown else { return [] }
        var effects: [RouterEffect] = []
        switch event {
        case .screensChanged(let list):
            screens.update(with: list, kind: .monitor)
        case .networkScreensChanged(let list):
            screens.update(with: list, kind: .network)
            // A screen that went away starts afresh when it comes back (the TV was switched off and on).
            declined = declined.filter(screens.contains)
            if let chosen = chosenNetworkScreen, !screens.contains(chosen) { chosenNetworkScreen = nil }
        case .screenGaveUp(let id):
            guard screens.screen(id)?.kind == .network else { return [] }
            declined.insert(id)
            if chosenNetworkScreen == id { chosenNetworkScreen = nil }
        case .setFollows(let id, let follows):
            guard screens.screen(id)?.kind == .network || networkScreens[id.connector] != nil else { return [] }
            networkScreens[id.connector] = follows
            effects.append(.rememberNetworkScreen(connector: id.connector, follows: follows))
        case .mainScreenChanged(let connector):
            mainConnector = connector
        case .reconfigure(let gracePeriodMilliseconds, let keepMode):
            // Applies from the next disconnection and the next scene; a grace timer already running keeps its time.
            config.gracePeriodMilliseconds = max(0, gracePeriodMilliseconds)
            config.keepMode = keepMode
            return []
        case .selected(let item):
            guard item != selection else { return [] }
            if let previous = selection { effects.append(.pause(previous)) }
            selection = item
        case .deselected:
            guard let previous = selection else { return [] }
            effects.append(.pause(previous))
            selection = nil
        case .finished(let item):
            guard item == selection else { return [] }
            selection = nil
        case .viewMoved(let item, let reported):
            let wanted = route(for: item)
            return reported == wanted ? [] : [.moveView(item, to: wanted)]
        case .graceTimerFired(let id):
            guard heldScreen == id else { return [] }
            claim = .none
        case .userChoseScreen(let id):
            guard let chosen = externalScreens.first(where: { $0.id == id }) else { return [] }
            effects.append(.rememberPreferredScreen(id))
            preferredScreen = id
            pinnedConnector = nil
            if chosen.kind == .network {
                declined.remove(id)
                chosenNetworkScreen = id
                if networkScreens[id.connector] == nil {
                    networkScreens[id.connector] = true
                    effects.append(.rememberNetworkScreen(connector: id.connector, follows: true))
                }
            }
            if let held = heldScreen {
                // The held screen is absent, so its mode record can never be used.
                effects.append(.cancelGraceTimer(held))
                claim = .none
            }
        case .shutdown:
            isShutDown = true
            switch claim {
            case .open(let id, let role, let restore): close(id, role, restore: restore, into: &effects)
            case .held(let id, _): effects.append(.cancelGraceTimer(id))
            case .none: break
            }
            claim = .none
            return effects
        }
        reconcile(into: &effects)
        return effects
    }

    /// The screen the scene should be on by the pin, choice and recency rules, ignoring any hold.
    private var target: ScreenID? {
        let externals = externalScreens.filter { !declined.contains($0.id) }
        if let pin = pinnedConnector, let pinned = externals.first(where: { $0.answers(to: pin) }) {
            return pinned.id
        }
        let eligible = externals.filter { screen in
            screen.kind == .monitor || screen.id == chosenNetworkScreen || networkScreens[screen.id.connector] == true
        }
        if let preferredScreen, eligible.contains(where: { $0.id == preferredScreen }) { return preferredScreen }
        return eligible.last?.id
    }

    /// Moves the claim, the scene and the view to where the rules say they belong now.
    private mutating func reconcile(into effects: inout [RouterEffect]) {
        var returned: (id: ScreenID, restore: ScreenMode?)?
        if case .held(let id, let restore) = claim {
            guard screens.contains(id) else { return }
            effects.append(.cancelGraceTimer(id))
            returned = (id, restore)
            claim = .none
        }
        let target = self.target
        let role = selection.map(SceneRole.video) ?? .idle
        if case .open(let id, let oldRole, let restore) = claim {
            if id == target {
                if oldRole != role { switchRole(on: id, from: oldRole, to: role, restore: restore, into: &effects) }
                return
            }
            // The view always goes home before its scene closes: a move into a scene that is not mapped yet may
            // wait, and closing a window that still holds the view would destroy it.
            if !screens.contains(id) && config.gracePeriodMilliseconds > 0 {
                close(id, oldRole, restore: nil, into: &effects)
                effects.append(.startGraceTimer(id, milliseconds: config.gracePeriodMilliseconds))
                claim = .held(id, restore: restore)
                return
            }
            close(id, oldRole, restore: restore, into: &effects)
        }
        claim = .none
        if let returned, returned.id != target, let restore = returned.restore {
            effects.append(.restoreMode(returned.id, restore))
        }
        if let target { open(target, role, carried: returned?.id == target ? returned?.restore : nil, into: &effects) }
    }

    /// Opens the scene on a connected screen, first switching it to its best mode when allowed and needed.
    private mutating func open(_ id: ScreenID, _ role: SceneRole, carried: ScreenMode?, into effects: inout [RouterEffect]) {
        guard let screen = screens.screen(id) else { return }
        var restore = carried
        if !config.keepMode, let best = screen.bestMode, let current = screen.currentMode, best != current {
            effects.append(.setMode(id, best))
            // A screen back from a flap keeps its original record, not the mode it came back in.
            restore = restore ?? current
        }
        effects.append(.openScene(id, role))
        if case .video(let item) = role { effects.append(.moveView(item, to: .screen(id))) }
        claim = .open(id, role, restore: restore)
    }

    /// Closes a scene: its view goes home first, then the mode goes back if the screen is still here.
    private func close(_ id: ScreenID, _ role: SceneRole, restore: ScreenMode?, into effects: inout [RouterEffect]) {
        if case .video(let item) = role { effects.append(.moveView(item, to: .row(item))) }
        effects.append(.closeScene(id))
        if let restore, screens.contains(id) { effects.append(.restoreMode(id, restore)) }
    }

    /// Swaps what an open scene shows: the old view goes home before the new one comes in.
    private mutating func switchRole(
        on id: ScreenID,
        from oldRole: SceneRole,
        to role: SceneRole,
        restore: ScreenMode?,
        into effects: inout [RouterEffect]
    ) {
        if case .video(let old) = oldRole { effects.append(.moveView(old, to: .row(old))) }
        effects.append(.setSceneRole(id, role))
        if case .video(let item) = role { effects.append(.moveView(item, to: .screen(id))) }
        claim = .open(id, role, restore: restore)
    }
}

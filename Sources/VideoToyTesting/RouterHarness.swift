import VideoToyCore

/// A `Router` wired to a simulated adapter: monitors, scene windows, movable video views, a player whose position
/// advances, screen modes and grace timers. It applies every effect the way the GTK adapter would, feeds the adapter's
/// reports back, and checks the routing invariants after every event, collecting violations instead of trapping.
public struct RouterHarness: Sendable {
    /// A simulated external scene window.
    public struct Scene: Hashable, Sendable {
        /// What the router last said the scene shows.
        public var role: SceneRole
        /// The video view the window actually holds.
        public var hosted: ItemID?
    }

    /// A move into a scene held back until `flush`, as an adapter waits for the scene's window to be mapped.
    private struct HeldMove: Hashable, Sendable {
        let item: ItemID
        let screen: ScreenID
    }

    /// The router under test.
    public private(set) var router: Router
    /// The simulated monitor list.
    public private(set) var monitors: FakeMonitorSource
    /// The renderers on the simulated network, in the order they appeared.
    public private(set) var renderers: [Screen] = []
    /// The simulated timers.
    public private(set) var clock = FakeClock()
    /// The connector of the screen holding the main window.
    public private(set) var mainConnector: String
    /// The open scene windows.
    public private(set) var scenes: [ScreenID: Scene] = [:]
    /// Where each view is; an item never moved is in its row.
    public private(set) var views: [ItemID: Route] = [:]
    /// Each item's playback position in milliseconds.
    public private(set) var positions: [ItemID: Int] = [:]
    /// The items the simulated player is playing.
    public private(set) var playing: Set<ItemID> = []
    /// The user's current selection as the harness drove it.
    public private(set) var selected: ItemID?
    /// The last screen the app was asked to persist.
    public private(set) var remembered: ScreenID?
    /// Every effect applied, in order.
    public private(set) var effects: [RouterEffect] = []
    /// Invariant violations found so far, each with the step that caused it.
    public private(set) var violations: [String] = []
    /// True to hold back moves into scenes until a `flush` step.
    public var holdsMovesIntoScenes: Bool
    var originalModes: [ScreenID: ScreenMode?] = [:]
    var lastPositions: [ItemID: Int] = [:]
    var currentStep = "launch"
    private var originals: [ScreenID: Screen] = [:]
    private var heldMoves: [HeldMove] = []
    private var inbox: [RouterEvent] = []
    private let mutate: @Sendable ([RouterEffect]) -> [RouterEffect]

    /// Launches the app with these monitors (the first holds the main window) and lets the router see them.
    /// `mutate` rewrites each effect list before it is applied, to prove the invariant checks can fail.
    public init(
        config: RouterConfig = RouterConfig(),
        screens: [Screen],
        holdsMovesIntoScenes: Bool = false,
        mutate: @escaping @Sendable ([RouterEffect]) -> [RouterEffect] = { $0 }
    ) {
        router = Router(config: config)
        monitors = FakeMonitorSource()
        mainConnector = screens.first?.id.connector ?? ""
        self.holdsMovesIntoScenes = holdsMovesIntoScenes
        self.mutate = mutate
        for screen in screens { connect(screen) }
        send(.screensChanged(monitors.monitors))
        send(.mainScreenChanged(connector: mainConnector))
    }

    /// True when no move is held back, so the world should match the router's intent.
    public var isSettled: Bool { heldMoves.isEmpty }

    /// Where the item's view is.
    public func location(of item: ItemID) -> Route { views[item] ?? .row(item) }

    /// The ready screens other than the main one.
    public var externalScreens: [Screen] { monitors.readyScreens.filter { $0.id.connector != mainConnector } }

    /// Runs steps in order.
    public mutating func run(_ steps: [HarnessStep]) { for step in steps { run(step) } }

    /// Runs one step.
    public mutating func run(_ step: HarnessStep) {
        currentStep = step.description
        switch step {
        case .plug(let screen):
            connect(screen)
            send(.screensChanged(monitors.monitors))
        case .announce:
            monitors.announce()
            send(.screensChanged(monitors.monitors))
        case .ready(let screen):
            originals[screen.id] = screen
            originalModes[screen.id] = screen.currentMode
            monitors.makeReady(screen)
            send(.screensChanged(monitors.monitors))
        case .unplug(let id):
            monitors.unplug(id)
            send(.screensChanged(monitors.monitors))
        case .flaps(let id, let count, let ms):
            guard let screen = originals[id] else { return }
            for _ in 0..<count {
                run(.unplug(id))
                run(.wait(milliseconds: ms))
                run(.plug(screen))
                run(.wait(milliseconds: ms))
            }
        case .mainMoved(let connector):
            mainConnector = connector
            send(.mainScreenChanged(connector: connector))
        case .select(let item):
            selected = item
            playing.insert(item)
            send(.selected(item))
        case .deselect:
            selected = nil
            send(.deselected)
        case .finish:
            guard let item = selected else { return }
            selected = nil
            playing.remove(item)
            send(.finished(item))
        case .wait(let ms):
            for item in playing { positions[item, default: 0] += ms }
            for id in clock.advance(by: ms) { send(.graceTimerFired(id)) }
            checkInvariants()
        case .choose(let id):
            send(.userChoseScreen(id))
        case .rendererUp(let screen):
            renderers.removeAll { $0.id == screen.id }
            renderers.append(screen)
            send(.networkScreensChanged(renderers))
        case .rendererDown(let id):
            renderers.removeAll { $0.id == id }
            send(.networkScreensChanged(renderers))
        case .rendererGivesUp(let id):
            send(.screenGaveUp(id))
        case .follow(let id, let on):
            send(.setFollows(id, on))
        case .flush:
            let moves = heldMoves
            heldMoves = []
            for move in moves { perform(move) }
            drainInbox()
        case .shutdown:
            send(.shutdown)
            checkFinalState()
        }
    }

    /// Applies an effect list directly, bypassing the router, as a broken router would emit it.
    public mutating func apply(_ list: [RouterEffect]) {
        for effect in list { apply(effect) }
        drainInbox()
    }

    /// Records a violation of an invariant.
    mutating func fail(_ message: String) {
        if violations.count < 50 { violations.append("after \(currentStep): \(message)") }
    }

    private mutating func connect(_ screen: Screen) {
        originals[screen.id] = screen
        originalModes[screen.id] = screen.currentMode
        monitors.plug(screen)
    }

    private mutating func send(_ event: RouterEvent) {
        inbox.append(event)
        drainInbox()
    }

    private mutating func drainInbox() {
        var rounds = 0
        while !inbox.isEmpty {
            rounds += 1
            guard rounds < 1000 else { return fail("router and adapter never settle") }
            let event = inbox.removeFirst()
            for effect in mutate(router.handle(event)) { apply(effect) }
        }
        checkInvariants()
    }

    private mutating func apply(_ effect: RouterEffect) {
        effects.append(effect)
        switch effect {
        case .openScene(let id, let role):
            requirePresent(id, effect)
            if scenes[id] != nil { fail("\(effect): a scene is already open there") }
            scenes[id] = Scene(role: role, hosted: nil)
        case .setSceneRole(let id, let role):
            requirePresent(id, effect)
            if scenes[id] == nil { fail("\(effect): no scene there") }
            scenes[id]?.role = role
        case .closeScene(let id):
            if let item = scenes[id]?.hosted {
                // The window takes its child with it, so the item would need a new view and decoder.
                fail("\(effect): destroyed the view of \(item) with its window")
                views[item] = .row(item)
                positions[item] = 0
            }
            scenes[id] = nil
        case .moveView(let item, .row(let home)):
            if home != item { fail("\(effect): moved into another item's row") }
            heldMoves.removeAll { $0.item == item }
            takeOut(item)
            views[item] = .row(item)
            inbox.append(.viewMoved(item, location(of: item)))
        case .moveView(let item, .screen(let id)):
            requirePresent(id, effect)
            heldMoves.removeAll { $0.item == item }
            if holdsMovesIntoScenes {
                heldMoves.append(HeldMove(item: item, screen: id))
            } else {
                perform(HeldMove(item: item, screen: id))
            }
        case .pause(let item):
            playing.remove(item)
        case .setMode(let id, let mode), .restoreMode(let id, let mode):
            requirePresent(id, effect)
            guard monitors.screen(id) != nil else { return }
            // RandR re-announces a monitor whose mode changed, with its new geometry.
            if monitors.setMode(mode, on: id) {
                inbox.append(.screensChanged(monitors.monitors))
            } else {
                fail("\(effect): mode not offered")
            }
        case .startGraceTimer(let id, let ms):
            clock.start(id, milliseconds: ms)
        case .cancelGraceTimer(let id):
            clock.cancel(id)
        case .rememberPreferredScreen(let id):
            remembered = id
        case .rememberNetworkScreen(let connector, _):
            if !renderers.contains(where: { $0.id.connector == connector }) {
                fail("\(effect): no such network screen")
            }
        }
    }

    private mutating func perform(_ move: HeldMove) {
        // A move into a window that closed meanwhile is dropped; the adapter reports where the view really is.
        if scenes[move.screen] != nil {
            takeOut(move.item)
            if let other = scenes[move.screen]?.hosted { fail("moveView(\(move.item)): scene already holds \(other)") }
            scenes[move.screen]?.hosted = move.item
            views[move.item] = .screen(move.screen)
        }
        inbox.append(.viewMoved(move.item, location(of: move.item)))
    }

    private mutating func takeOut(_ item: ItemID) {
        for (id, scene) in scenes where scene.hosted == item { scenes[id]?.hosted = nil }
    }

    private mutating func requirePresent(_ id: ScreenID, _ effect: RouterEffect) {
        if monitors.screen(id) == nil && !renderers.contains(where: { $0.id == id }) {
            fail("\(effect): addressed to a screen that is not connected")
        }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random sequences of user actions, player reports, hotplug and time, through the whole controller,
/// checked after every step against what must always hold across its state machines and the window.
@MainActor
struct AppStateRandomTests {
    // Two library folders, so one can be removed while the other plays on; an item's id is its index here.
    static let paths = (0..<5).map { "/v/\($0 < 3 ? "a" : "b")/\($0).mp4" }

    @Test(
        "one view per item, in one place; the row says where it is; timers balance; one video plays",
        arguments: 0..<30)
    func invariantsHold(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let onEnd = OnEnd.allCases[Int.random(in: 0..<3, using: &random)]
        let rig = try await Rig.ready(Self.paths, onEnd: onEnd)
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.openedFolders(["/v/a", "/v/b"])
        var log: [String] = []
        for step in 0..<150 {
            let action = act(on: rig, using: &random)
            log.append(action)
            let context = Comment(rawValue: "seed \(seed) step \(step), onEnd \(onEnd): \(log.suffix(6).joined(separator: " → "))")
            check(rig, context)
        }
    }

    /// Does one random thing and says what, for the failure message.
    private func act(on rig: Rig, using random: inout SeededGenerator) -> String {
        let controller = rig.controller
        let item = rig.ids[Int.random(in: 0..<rig.ids.count, using: &random)]
        let live = rig.ids.filter { controller.player($0) != nil }
        let someLive = live.randomElement(using: &random)
        switch Int.random(in: 0..<13, using: &random) {
        case 0, 1:
            controller.activate(item)
            return "activate \(item.rawValue)"
        case 2:
            guard let current = controller.currentItem else { return "no current" }
            controller.intent(current, .togglePlay)
            return "toggle \(current.rawValue)"
        case 3:
            guard let id = someLive else { return "no live" }
            controller.intent(id, .toggleFullscreen)
            return "fullscreen \(id.rawValue)"
        case 4:
            guard let id = someLive else { return "no live" }
            controller.intent(id, .leaveFullscreen)
            return "leave fullscreen \(id.rawValue)"
        case 5, 6:
            let externals = [Fixture.tv, Fixture.projector].filter { _ in Bool.random(using: &random) }
            controller.screensChanged([Fixture.laptop] + externals)
            return "screens \(externals.map(\.id.connector))"
        case 7:
            let ms = Int.random(in: 0...3000, using: &random)
            rig.timers.advance(by: ms)
            rig.progressTimers.advance(by: ms)
            return "wait \(ms) ms"
        case 8:
            guard let id = controller.currentItem, let player = rig.backend.players(for: Self.paths[id.rawValue]).last,
                controller.player(id) != nil
            else { return "nothing to end" }
            player.emit(.endOfStream)
            return "end \(id.rawValue)"
        case 9:
            guard let id = someLive, let player = rig.backend.players(for: Self.paths[id.rawValue]).last else { return "no live" }
            player.emit(.error(.library("Internal data stream error.")))
            return "error \(id.rawValue)"
        case 10:
            guard let id = someLive, let player = rig.backend.players(for: Self.paths[id.rawValue]).last else { return "no live" }
            let playing = controller.policy.states[id] == .playing
            player.emit(playing ? .playing(positionMs: 1000) : .paused(positionMs: 1000))
            return "report \(id.rawValue)"
        case 12:
            // Rare, so most sequences run a while with both folders first.
            guard Int.random(in: 0..<4, using: &random) == 0, controller.folders.roots.contains("/v/b") else { return "keep folders" }
            controller.removeFolder("/v/b")
            return "remove /v/b"
        default:
            if let screen = controller.router.externalScreens.randomElement(using: &random) {
                controller.chooseScreen(screen.id)
                return "choose \(screen.id.connector)"
            }
            return "no screen to choose"
        }
    }

    private func check(_ rig: Rig, _ context: Comment) {
        let controller = rig.controller
        let live = Set(rig.ids.filter { controller.player($0) != nil })
        // One view per item with a player, none for the others; it is where the controller says, so in one place.
        #expect(Set(rig.presenter.views.keys) == live, context)
        for id in rig.ids {
            #expect(rig.presenter.placements[id] == controller.placement(of: id), context)
            #expect((controller.placement(of: id) != nil) == live.contains(id), context)
        }
        // At most one view on an external screen, and only on the screen holding the scene.
        let onScreens = rig.ids.compactMap { id -> String? in
            if case .screen(let connector)? = controller.placement(of: id) { connector } else { nil }
        }
        #expect(onScreens.count <= 1, context)
        if let connector = onScreens.first {
            #expect(controller.router.sceneScreen?.connector == connector, context)
        }
        // The row's line says where its video is.
        for id in rig.ids {
            guard let status = controller.row(for: id)?.status else { continue }
            if case .screen(let connector)? = controller.placement(of: id) {
                #expect(status == .onScreen(name: status.screenName, connector: connector), context)
            } else {
                #expect(!status.isOnScreen, context)
            }
        }
        // A grace timer runs exactly while a vanished screen is held, and a fade timer while the presentation screen
        // fades.
        let fades = controller.isFading ? 1 : 0
        #expect(rig.timers.running == (controller.router.heldScreen == nil ? 0 : 1) + fades, context)
        // While a video plays its progress keeps being shown.
        if controller.policy.playing != nil { #expect(controller.isUpdatingProgress && rig.progressTimers.running == 1, context) }
        // One video plays at a time.
        #expect(rig.ids.filter { controller.policy.states[$0] == .playing }.count <= 1, context)
        // The router's selection follows the policy: it is the video the user chose last, while that one is neither
        // finished nor failed (then the scene goes idle), and a playing video is always the selected one.
        if let selected = controller.router.selection {
            #expect(selected == controller.policy.current, context)
        }
        if let current = controller.policy.current {
            switch controller.policy.states[current] {
            case .playing?, .paused?: #expect(controller.router.selection == current, context)
            default: #expect(controller.router.selection == nil, context)
            }
        }
        #expect(controller.views.live == live, context)
        // A removed folder's items are gone from everything: the list, the policy, the router.
        for id in rig.ids where controller.library.item(id) == nil {
            #expect(controller.policy.states[id] == nil && !controller.policy.live.contains(id), context)
            #expect(controller.router.selection != id && controller.policy.current != id, context)
            #expect(controller.row(for: id) == nil, context)
        }
        #expect(controller.displayCount == controller.library.count, context)
    }
}

extension RowStatus {
    fileprivate var isOnScreen: Bool {
        if case .onScreen = self { true } else { false }
    }

    fileprivate var screenName: String {
        if case .onScreen(let name, _) = self { name } else { "" }
    }
}

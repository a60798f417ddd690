import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random event sequences through the harness, with the invariants checked after every event.
@Suite("Routing random sequences")
struct RoutingRandomTests {
    static let externals = [Fixture.tv, Fixture.projector, Fixture.stranger, Fixture.wayland]
    static let sequencesPerBlock = 250
    static let stepsPerSequence = 60

    /// The outcome of one seeded sequence: its violations and the steps that led there.
    struct Run {
        var violations: [String]
        var steps: [HarnessStep]
        var config: RouterConfig
        var effects: [RouterEffect]
    }

    /// Plays one seeded sequence, optionally through a router whose effects are deliberately broken.
    static func play(seed: UInt64, mutate: @escaping @Sendable ([RouterEffect]) -> [RouterEffect] = { $0 }) -> Run {
        var rng = SeededGenerator(seed: seed)
        let config = RouterConfig(
            gracePeriodMilliseconds: [0, 500, 2000].randomElement(using: &rng)!,
            pinnedConnector: [nil, "DP-1", "DP-9"].randomElement(using: &rng)!,
            keepMode: Int.random(in: 0..<4, using: &rng) == 0,
            preferredScreen: [nil, Fixture.tv.id, Fixture.stranger.id, Fixture.hall.id].randomElement(using: &rng)!,
            networkScreens: [[:], [Fixture.livingRoom.id.connector: true], [Fixture.hall.id.connector: false]]
                .randomElement(using: &rng)!
        )
        let launch = [Fixture.laptop] + externals.filter { $0.id != Fixture.stranger.id && Bool.random(using: &rng) }
        var harness = RouterHarness(
            config: config, screens: launch, holdsMovesIntoScenes: Bool.random(using: &rng), mutate: mutate)
        var steps: [HarnessStep] = []
        for _ in 0..<stepsPerSequence {
            let step = randomStep(harness, &rng)
            steps.append(step)
            harness.run(step)
        }
        steps += [.flush, .shutdown]
        harness.run([.flush, .shutdown])
        return Run(violations: harness.violations, steps: steps, config: config, effects: harness.effects)
    }

    static func randomStep(_ harness: RouterHarness, _ rng: inout SeededGenerator) -> HarnessStep {
        let plugged = harness.externalScreens
        let connectors = Set(harness.monitors.readyScreens.map(\.id.connector))
        let unplugged = externals.filter { !connectors.contains($0.id.connector) }
        let waiting = harness.monitors.monitors.contains { !$0.isReady }
        let items = (1...4).map(ItemID.init)
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<14: if let screen = unplugged.randomElement(using: &rng) { return .plug(screen) }
        case 14..<27: if let screen = plugged.randomElement(using: &rng) { return .unplug(screen.id) }
        case 27..<33:
            if let screen = plugged.randomElement(using: &rng) {
                let down = [30, 300, 499, 1999, 2500].randomElement(using: &rng)!
                return .flaps(screen.id, count: Int.random(in: 1...6, using: &rng), downMilliseconds: down)
            }
        case 33..<47: return .select(items.randomElement(using: &rng)!)
        case 47..<51: return .deselect
        case 51..<56: return .finish
        case 56..<74: return .wait(milliseconds: [100, 499, 500, 1500, 1999, 2000, 2500].randomElement(using: &rng)!)
        case 74..<79:
            let candidates = harness.monitors.readyScreens + harness.renderers + [Fixture.stranger]
            return .choose(candidates.randomElement(using: &rng)!.id)
        case 79..<87: return .flush
        case 87..<92:
            if waiting, let screen = unplugged.randomElement(using: &rng) { return .ready(screen) }
            if !waiting { return .announce }
        case 92..<95:
            if let screen = harness.monitors.readyScreens.randomElement(using: &rng) {
                return .mainMoved(connector: screen.id.connector)
            }
        case 95..<97:
            let renderers = [Fixture.livingRoom, Fixture.hall]
            let present = harness.renderers
            if let screen = renderers.filter({ !present.contains($0) }).randomElement(using: &rng) { return .rendererUp(screen) }
        case 97..<98:
            if let screen = harness.renderers.randomElement(using: &rng) { return .rendererDown(screen.id) }
        case 98..<99:
            if let screen = harness.renderers.randomElement(using: &rng) { return .rendererGivesUp(screen.id) }
        case 99..<100:
            if let screen = harness.renderers.randomElement(using: &rng) { return .follow(screen.id, Bool.random(using: &rng)) }
        default: break
        }
        return .wait(milliseconds: 50)
    }

    @Test(arguments: 0..<8)
    func invariantsHoldForSeededSequences(block: Int) {
        for index in 0..<Self.sequencesPerBlock {
            let seed = UInt64(block * Self.sequencesPerBlock + index)
            let run = Self.play(seed: seed)
            #expect(run.violations.isEmpty, "seed \(seed), \(run.config): \(run.violations.prefix(3)) steps \(run.steps)")
            if !run.violations.isEmpty { return }
        }
    }

    @Test func sequencesReachEveryKindOfEffect() {
        let effects = (0..<UInt64(50)).flatMap { Self.play(seed: $0).effects }
        func count(_ matches: (RouterEffect) -> Bool) -> Int { effects.filter(matches).count }
        #expect(count { if case .startGraceTimer = $0 { true } else { false } } > 10)
        #expect(count { if case .cancelGraceTimer = $0 { true } else { false } } > 10)
        #expect(count { if case .setMode = $0 { true } else { false } } > 10)
        #expect(count { if case .restoreMode = $0 { true } else { false } } > 10)
        #expect(count { if case .pause = $0 { true } else { false } } > 10)
        #expect(count { if case .setSceneRole = $0 { true } else { false } } > 10)
        #expect(count { if case .rememberPreferredScreen = $0 { true } else { false } } > 10)
        #expect(count { if case .moveView(_, .screen) = $0 { true } else { false } } > 10)
        #expect(count { if case .moveView(_, .row) = $0 { true } else { false } } > 10)
        let network = Set([Fixture.livingRoom.id, Fixture.hall.id])
        #expect(count { if case .moveView(_, .screen(let id)) = $0 { network.contains(id) } else { false } } > 10)
        #expect(count { if case .rememberNetworkScreen = $0 { true } else { false } } > 5)
    }

    @Test func sequencesAreDeterministic() {
        let first = Self.play(seed: 42)
        let second = Self.play(seed: 42)
        #expect(first.steps == second.steps && first.config == second.config)
        #expect(Self.play(seed: 43).steps != first.steps)
    }

    /// A deliberately broken router: each rewrite of its effect lists must be caught by the invariant checks.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let mutate: @Sendable ([RouterEffect]) -> [RouterEffect]
    }

    static let breakages: [Breakage] = [
        Breakage(testDescription: "never brings a view home") { $0.filter { if case .moveView(_, .row) = $0 { false } else { true } } },
        Breakage(testDescription: "never moves a view to a screen") {
            $0.filter { if case .moveView(_, .screen) = $0 { false } else { true } }
        },
        Breakage(testDescription: "never restores a mode") { $0.filter { if case .restoreMode = $0 { false } else { true } } },
        Breakage(testDescription: "never pauses") { $0.filter { if case .pause = $0 { false } else { true } } },
        Breakage(testDescription: "never starts a grace timer") { $0.filter { if case .startGraceTimer = $0 { false } else { true } } },
        Breakage(testDescription: "never closes a scene") { $0.filter { if case .closeScene = $0 { false } else { true } } },
        Breakage(testDescription: "never opens an idle scene") { $0.filter { $0 != .openScene(Fixture.tv.id, .idle) } },
        Breakage(testDescription: "closes scenes before moving views out") { effects in
            effects.filter { if case .closeScene = $0 { true } else { false } }
                + effects.filter { if case .closeScene = $0 { false } else { true } }
        },
        Breakage(testDescription: "pauses the new video instead of the old") { effects in
            effects.map { if case .pause = $0, case .moveView(let item, .screen)? = effects.last { .pause(item) } else { $0 } }
        },
    ]

    @Test(arguments: breakages)
    func invariantChecksCatchABrokenRouter(_ breakage: Breakage) {
        let caught = (0..<UInt64(500)).contains { !Self.play(seed: $0, mutate: breakage.mutate).violations.isEmpty }
        #expect(caught, "no seed exposed: \(breakage.testDescription)")
    }

    @Test func invariantChecksCatchAWrongEffectListFedDirectly() {
        var harness = RouterHarness(screens: [Fixture.laptop, Fixture.tv])
        harness.run(.select(Fixture.one))
        #expect(harness.violations.isEmpty)
        harness.apply([.closeScene(Fixture.tv.id)])
        #expect(harness.violations.contains { $0.contains("destroyed the view of #1") })
        #expect(harness.violations.contains { $0.contains("position of #1 went back") } == false, "no time passed yet")

        var modes = RouterHarness(screens: [Fixture.laptop])
        modes.apply([.setMode(Fixture.tv.id, Fixture.uhd), .openScene(Fixture.projector.id, .idle)])
        #expect(modes.violations.contains { $0.contains("setMode(HDMI-1 (Sony Bravia), 3840x2160@60.000): addressed to a screen") })
        #expect(modes.violations.contains { $0.contains("a scene stays on vanished DP-1") })
    }

    @Test func positionNeverGoesBackAcrossMoves() {
        var harness = RouterHarness(screens: [Fixture.laptop])
        harness.run([.select(Fixture.one), .wait(milliseconds: 1500), .plug(Fixture.tv), .wait(milliseconds: 500)])
        #expect(harness.positions[Fixture.one] == 2000)
        harness.run([.unplug(Fixture.tv.id), .wait(milliseconds: 500)])
        #expect(harness.positions[Fixture.one] == 2500)
        harness.apply([.moveView(Fixture.one, to: .row(Fixture.one))])
        harness.run([.plug(Fixture.tv), .wait(milliseconds: 10)])
        harness.apply([.closeScene(Fixture.tv.id)])
        harness.run(.wait(milliseconds: 10))
        #expect(harness.violations.contains { $0.contains("position of #1 went back from 2510 to 0") })
    }
}

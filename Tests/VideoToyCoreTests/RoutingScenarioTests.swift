import Testing
import VideoToyCore
import VideoToyTesting

/// One situation from the product issue: how the app starts, what happens, and how the world must look afterwards.
struct RoutingScenario: Sendable, CustomTestStringConvertible {
    let name: String
    var config = RouterConfig()
    var launch: [Screen] = [Fixture.laptop]
    var holdsMoves = false
    var steps: [HarnessStep]
    var views: [ItemID: Route] = [:]
    var scene: (ScreenID, SceneRole)?
    var modes: [ScreenID: ScreenMode] = [:]
    var playing: Set<ItemID>?
    var remembered: ScreenID?

    var testDescription: String { name }
}

@Suite("Routing scenarios")
struct RoutingScenarioTests {
    @Test(arguments: RoutingScenarioTests.scenarios)
    func scenario(_ scenario: RoutingScenario) {
        var harness = RouterHarness(config: scenario.config, screens: scenario.launch, holdsMovesIntoScenes: scenario.holdsMoves)
        harness.run(scenario.steps)
        #expect(harness.violations == [])
        for (item, route) in scenario.views { #expect(harness.location(of: item) == route, "view of \(item)") }
        #expect(harness.scenes.keys.sorted { $0.connector < $1.connector } == (scenario.scene.map { [$0.0] } ?? []))
        if let (id, role) = scenario.scene { #expect(harness.scenes[id]?.role == role) }
        for (id, mode) in scenario.modes { #expect(harness.monitors.screen(id)?.currentMode == mode, "mode of \(id)") }
        if let playing = scenario.playing { #expect(harness.playing == playing) }
        #expect(harness.remembered == scenario.remembered)
        harness.run(.shutdown)
        #expect(harness.violations == [], "after shutdown")
    }

    static let scenarios: [RoutingScenario] = {
        let (laptop, tv, projector, one, two) = (Fixture.laptop, Fixture.tv, Fixture.projector, Fixture.one, Fixture.two)
        let (hd, uhd) = (Fixture.hd, Fixture.uhd)
        let noGrace = RouterConfig(gracePeriodMilliseconds: 0)
        return [
            RoutingScenario(
                name: "monitor before launch, idle", launch: [laptop, tv], steps: [],
                scene: (tv.id, .idle), modes: [tv.id: uhd, laptop.id: hd]),
            RoutingScenario(
                name: "monitor before launch, then play", launch: [laptop, tv], steps: [.select(one), .wait(milliseconds: 500)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd], playing: [one]),
            RoutingScenario(
                name: "plugged before playback", steps: [.plug(tv), .wait(milliseconds: 100), .select(one)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd]),
            RoutingScenario(
                name: "plugged during playback", steps: [.select(one), .wait(milliseconds: 1000), .plug(tv), .wait(milliseconds: 1000)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), playing: [one]),
            RoutingScenario(
                name: "unplugged during playback, grace off", config: noGrace, launch: [laptop, tv],
                steps: [.select(one), .wait(milliseconds: 500), .unplug(tv.id)],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "unplugged, inside grace", launch: [laptop, tv],
                steps: [.select(one), .unplug(tv.id), .wait(milliseconds: 1999)],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "unplugged and back within grace", launch: [laptop, tv],
                steps: [
                    .select(one), .wait(milliseconds: 500), .unplug(tv.id), .wait(milliseconds: 800), .plug(tv), .wait(milliseconds: 3000),
                ],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd], playing: [one]),
            RoutingScenario(
                name: "unplugged beyond grace", launch: [laptop, tv],
                steps: [.select(one), .unplug(tv.id), .wait(milliseconds: 2500)],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "back after grace", launch: [laptop, tv],
                steps: [.select(one), .unplug(tv.id), .wait(milliseconds: 2500), .plug(tv)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd]),
            RoutingScenario(
                name: "grace holds the claim against another external", launch: [laptop, projector, tv],
                steps: [.select(one), .unplug(tv.id), .wait(milliseconds: 1000)],
                views: [one: .row(one)], modes: [projector.id: hd]),
            RoutingScenario(
                name: "after grace another external takes over", launch: [laptop, projector, tv],
                steps: [.select(one), .unplug(tv.id), .wait(milliseconds: 2000)],
                views: [one: .screen(projector.id)], scene: (projector.id, .video(one)), modes: [projector.id: uhd]),
            RoutingScenario(
                name: "switching videos with an external", launch: [laptop, tv],
                steps: [.select(one), .wait(milliseconds: 500), .select(two), .wait(milliseconds: 500)],
                views: [one: .row(one), two: .screen(tv.id)], scene: (tv.id, .video(two)), playing: [two]),
            RoutingScenario(
                name: "switching videos while unplugging", launch: [laptop, tv],
                steps: [.select(one), .unplug(tv.id), .select(two), .wait(milliseconds: 3000)],
                views: [one: .row(one), two: .row(two)], playing: [two]),
            RoutingScenario(
                name: "switching videos then plugging", steps: [.select(one), .select(two), .plug(tv)],
                views: [one: .row(one), two: .screen(tv.id)], scene: (tv.id, .video(two)), playing: [two]),
            RoutingScenario(
                name: "move pending, then done", holdsMoves: true, steps: [.plug(tv), .select(one), .flush],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one))),
            RoutingScenario(
                name: "unplugged while a move is pending", holdsMoves: true,
                steps: [.plug(tv), .select(one), .unplug(tv.id), .flush, .wait(milliseconds: 2500)],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "unplugged while a move is pending, grace off", config: noGrace, holdsMoves: true,
                steps: [.plug(tv), .select(one), .unplug(tv.id), .flush],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "switched while a move is pending", holdsMoves: true,
                steps: [.plug(tv), .select(one), .select(two), .flush],
                views: [one: .row(one), two: .screen(tv.id)], scene: (tv.id, .video(two)), playing: [two]),
            RoutingScenario(
                name: "50 fast flaps during playback", launch: [laptop, tv],
                steps: [.select(one), .flaps(tv.id, count: 50, downMilliseconds: 300), .wait(milliseconds: 3000)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd], playing: [one]),
            RoutingScenario(
                name: "50 fast flaps, grace off", config: noGrace, launch: [laptop, tv],
                steps: [.select(one), .flaps(tv.id, count: 50, downMilliseconds: 30)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd]),
            RoutingScenario(
                name: "50 fast flaps while idle", launch: [laptop, tv],
                steps: [.flaps(tv.id, count: 50, downMilliseconds: 100)],
                scene: (tv.id, .idle), modes: [tv.id: uhd]),
            RoutingScenario(
                name: "pinned screen present", config: RouterConfig(pinnedConnector: "HDMI-1"), launch: [laptop, tv],
                steps: [.select(one), .plug(projector)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [projector.id: hd]),
            RoutingScenario(
                name: "pinned screen absent falls back, then returns", config: RouterConfig(pinnedConnector: "HDMI-1"),
                launch: [laptop, projector], steps: [.select(one), .plug(tv), .plug(Fixture.wayland)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [projector.id: hd, tv.id: uhd]),
            RoutingScenario(
                name: "user choice survives a temporary fallback", launch: [laptop, tv, projector],
                steps: [.select(one), .choose(tv.id), .unplug(tv.id), .wait(milliseconds: 2500)],
                views: [one: .screen(projector.id)], scene: (projector.id, .video(one)), remembered: tv.id),
            RoutingScenario(
                name: "video goes back to the chosen screen", launch: [laptop, tv, projector],
                steps: [.select(one), .choose(tv.id), .unplug(tv.id), .wait(milliseconds: 2500), .plug(tv)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [projector.id: hd], remembered: tv.id),
            RoutingScenario(
                name: "remembered choice from an earlier run", config: RouterConfig(preferredScreen: Fixture.tv.id),
                launch: [laptop, tv, projector], steps: [.select(one)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one))),
            RoutingScenario(
                name: "another monitor on the chosen connector is not the choice",
                config: RouterConfig(preferredScreen: Fixture.tv.id), launch: [laptop, Fixture.stranger, projector],
                steps: [.select(one)], views: [one: .screen(projector.id)], scene: (projector.id, .video(one))),
            RoutingScenario(
                name: "a newer external takes over and the old mode is restored", launch: [laptop, tv],
                steps: [.select(one), .plug(projector)],
                views: [one: .screen(projector.id)], scene: (projector.id, .video(one)), modes: [tv.id: hd, projector.id: uhd]),
            RoutingScenario(
                name: "keep mode", config: RouterConfig(keepMode: true), launch: [laptop, tv], steps: [.select(one)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: hd]),
            RoutingScenario(
                name: "no modes known (Wayland)", launch: [laptop, Fixture.wayland], steps: [.select(one)],
                views: [one: .screen(Fixture.wayland.id)], scene: (Fixture.wayland.id, .video(one))),
            RoutingScenario(
                name: "announced monitor waits for its geometry", steps: [.select(one), .announce],
                views: [one: .row(one)], playing: [one]),
            RoutingScenario(
                name: "announced monitor used once ready", steps: [.select(one), .announce, .ready(tv)],
                views: [one: .screen(tv.id)], scene: (tv.id, .video(one)), modes: [tv.id: uhd]),
            RoutingScenario(
                name: "finished video goes home, scene turns idle", launch: [laptop, tv],
                steps: [.select(one), .wait(milliseconds: 1000), .finish],
                views: [one: .row(one)], scene: (tv.id, .idle), playing: []),
            RoutingScenario(
                name: "deselected video goes home paused", launch: [laptop, tv], steps: [.select(one), .deselect],
                views: [one: .row(one)], scene: (tv.id, .idle), playing: []),
            RoutingScenario(
                name: "main window moves to the external", launch: [laptop, tv],
                steps: [.select(one), .mainMoved(connector: "HDMI-1")],
                views: [one: .screen(laptop.id)], scene: (laptop.id, .video(one)), modes: [tv.id: hd, laptop.id: uhd]),
            RoutingScenario(
                name: "shutdown during grace", launch: [laptop, tv], steps: [.select(one), .unplug(tv.id)],
                views: [one: .row(one)]),
        ]
    }()
}

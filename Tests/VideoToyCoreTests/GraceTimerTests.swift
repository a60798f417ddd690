import Testing
import VideoToyCore
import VideoToyTesting

/// The reconnect grace period through the controller, on manual time: no test waits for a real clock.
@MainActor
struct GraceTimerTests {
    func playingOnTheTV() async throws -> (Rig, ItemID) {
        let rig = try await Rig.ready(["/v/a.mp4"])
        // Cuts, not fades: a fade has a timer of its own, and these tests count the grace period's.
        rig.controller.usePresenter(PresenterSettings(fadeMs: 0))
        let a = rig.ids[0]
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(a)
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"))
        return (rig, a)
    }

    @Test func aScreenBackWithinTheGracePeriodGetsItsVideoBackAndTheTimerStops() async throws {
        let (rig, a) = try await playingOnTheTV()
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.controller.placement(of: a) == .row, "the video comes home at once")
        #expect(rig.timers.running == 1)
        rig.timers.advance(by: 1500)
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"))
        #expect(rig.timers.running == 0, "the reconnect cancelled the timer")
        rig.timers.advance(by: 5000)
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"), "a cancelled timer never fires")
    }

    @Test func theGracePeriodEndsOnTimeAndReleasesTheScreen() async throws {
        let (rig, a) = try await playingOnTheTV()
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.controller.router.heldScreen == Fixture.tv.id, "the vanished screen keeps its claim for a while")
        rig.timers.advance(by: RouterConfig.defaultGracePeriodMilliseconds - 1)
        #expect(rig.timers.running == 1, "not yet")
        #expect(rig.controller.router.heldScreen == Fixture.tv.id)
        rig.timers.advance(by: 1)
        #expect(rig.timers.running == 0)
        #expect(rig.controller.router.heldScreen == nil, "the claim ended when the grace period did")
        #expect(rig.controller.placement(of: a) == .row)
    }
}

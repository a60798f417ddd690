import Testing
import VideoToyCore
import VideoToyTesting

/// Exact effect lists for the transitions the GTK adapter relies on.
@Suite("Router effects")
struct RoutingRouterTests {
    let laptop = Fixture.laptop, tv = Fixture.tv, projector = Fixture.projector, one = Fixture.one, two = Fixture.two
    let hd = Fixture.hd, uhd = Fixture.uhd

    /// A router that has seen the laptop (main) and the given externals.
    func router(_ externals: [Screen], config: RouterConfig = RouterConfig()) -> Router {
        var router = Router(config: config)
        _ = router.handle(.mainScreenChanged(connector: "eDP-1"))
        _ = router.handle(.screensChanged([laptop] + externals))
        return router
    }

    @Test func externalAtLaunchOpensAnIdleSceneInItsBestMode() {
        var router = Router()
        #expect(router.handle(.mainScreenChanged(connector: "eDP-1")) == [])
        #expect(router.handle(.screensChanged([laptop, tv])) == [.setMode(tv.id, uhd), .openScene(tv.id, .idle)])
        #expect(router.sceneScreen == tv.id && router.sceneRole == .idle)
    }

    @Test func selectingMovesTheViewAndSwitchingSendsThePreviousHomePaused() {
        var router = router([tv])
        #expect(router.handle(.selected(one)) == [.setSceneRole(tv.id, .video(one)), .moveView(one, to: .screen(tv.id))])
        #expect(router.route(for: one) == .screen(tv.id))
        #expect(router.handle(.selected(one)) == [])
        #expect(
            router.handle(.selected(two)) == [
                .pause(one), .moveView(one, to: .row(one)), .setSceneRole(tv.id, .video(two)), .moveView(two, to: .screen(tv.id)),
            ])
    }

    @Test func unplugWithinGraceHoldsTheClaimAndReturnRestoresIt() {
        var router = router([tv])
        _ = router.handle(.selected(one))
        #expect(
            router.handle(.screensChanged([laptop])) == [
                .moveView(one, to: .row(one)), .closeScene(tv.id), .startGraceTimer(tv.id, milliseconds: 2000),
            ])
        #expect(router.heldScreen == tv.id && router.route(for: one) == .row(one))
        #expect(router.handle(.screensChanged([laptop, projector])) == [])
        #expect(
            router.handle(.screensChanged([laptop, projector, tv])) == [
                .cancelGraceTimer(tv.id), .setMode(tv.id, uhd), .openScene(tv.id, .video(one)), .moveView(one, to: .screen(tv.id)),
            ])
        #expect(router.handle(.graceTimerFired(tv.id)) == [], "a stale timer is ignored")
    }

    @Test func graceExpiryDropsTheModeRecordAndFallsBack() {
        var router = router([projector, tv])
        _ = router.handle(.selected(one))
        _ = router.handle(.screensChanged([laptop, projector]))
        #expect(
            router.handle(.graceTimerFired(tv.id)) == [
                .setMode(projector.id, uhd), .openScene(projector.id, .video(one)), .moveView(one, to: .screen(projector.id)),
            ])
        #expect(
            router.handle(.shutdown) == [
                .moveView(one, to: .row(one)), .closeScene(projector.id), .restoreMode(projector.id, hd),
            ])
        #expect(router.handle(.screensChanged([laptop, tv])) == [], "nothing happens after shutdown")
    }

    @Test func graceOffMovesOnAtOnce() {
        var router = router([projector, tv], config: RouterConfig(gracePeriodMilliseconds: 0))
        _ = router.handle(.selected(one))
        #expect(
            router.handle(.screensChanged([laptop, projector])) == [
                .moveView(one, to: .row(one)), .closeScene(tv.id),
                .setMode(projector.id, uhd), .openScene(projector.id, .video(one)), .moveView(one, to: .screen(projector.id)),
            ])
    }

    @Test func aFlapKeepsTheOriginalModeRecord() {
        var router = router([tv])
        let tvAtBest = tv.switched(to: uhd)
        _ = router.handle(.screensChanged([laptop, tvAtBest]))
        _ = router.handle(.screensChanged([laptop]))
        #expect(router.handle(.screensChanged([laptop, tvAtBest])) == [.cancelGraceTimer(tv.id), .openScene(tv.id, .idle)])
        #expect(router.handle(.shutdown) == [.closeScene(tv.id), .restoreMode(tv.id, hd)])
    }

    @Test func staleMoveReportsAreCorrected() {
        var router = router([tv])
        _ = router.handle(.selected(one))
        _ = router.handle(.screensChanged([laptop]))
        #expect(router.handle(.viewMoved(one, .screen(tv.id))) == [.moveView(one, to: .row(one))])
        #expect(router.handle(.viewMoved(one, .row(one))) == [])
        #expect(router.handle(.viewMoved(two, .screen(tv.id))) == [.moveView(two, to: .row(two))])
    }

    @Test func userChoiceIsRememberedAndReplacesThePin() {
        var router = router([tv, projector], config: RouterConfig(pinnedConnector: "DP-1"))
        #expect(router.sceneScreen == projector.id)
        #expect(
            router.handle(.userChoseScreen(tv.id)) == [
                .rememberPreferredScreen(tv.id), .closeScene(projector.id), .restoreMode(projector.id, hd),
                .setMode(tv.id, uhd), .openScene(tv.id, .idle),
            ])
        #expect(router.preferredScreen == tv.id && router.pinnedConnector == nil)
        #expect(router.handle(.userChoseScreen(laptop.id)) == [], "the main screen cannot be chosen")
        #expect(router.handle(.userChoseScreen(Fixture.stranger.id)) == [], "an absent screen cannot be chosen")
    }

    @Test func monitorsWithoutGeometryAreIgnored() {
        var router = router([])
        #expect(router.handle(.screensChanged([laptop, FakeMonitorSource.placeholder])) == [])
        #expect(router.externalScreens.isEmpty)
    }

    @Test func screenSetKeepsConnectionOrder() {
        var set = ScreenSet()
        set.update(with: [laptop, tv])
        set.update(with: [projector, laptop, tv, tv])
        #expect(set.screens.map(\.id) == [laptop.id, tv.id, projector.id])
        #expect(set.externals(mainConnector: nil).map(\.id) == [tv.id, projector.id])
        #expect(set.externals(mainConnector: "HDMI-1").map(\.id) == [laptop.id, projector.id])
        set.update(with: [tv, laptop])
        #expect(set.screens.map(\.id) == [laptop.id, tv.id])
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// Network screens in the router: chosen, followed, given up, gone; and the screen set that keeps monitors and
/// renderers apart.
@Suite("Router with network screens")
struct NetworkRoutingTests {
    let laptop = Fixture.laptop, tv = Fixture.tv, living = Fixture.livingRoom, hall = Fixture.hall, one = Fixture.one

    /// A router that has seen the laptop alone, with one video selected.
    func playing(config: RouterConfig = RouterConfig(gracePeriodMilliseconds: 0)) -> Router {
        var router = Router(config: config)
        _ = router.handle(.mainScreenChanged(connector: "eDP-1"))
        _ = router.handle(.screensChanged([laptop]))
        _ = router.handle(.selected(one))
        return router
    }

    @Test func aRendererNeverChosenDoesNotTakeTheVideo() {
        var router = playing()
        #expect(router.handle(.networkScreensChanged([living])) == [])
        #expect(router.externalScreens.map(\.id) == [living.id])
        #expect(router.route(for: one) == .row(one))
    }

    @Test func choosingARendererMovesTheVideoAndRemembersIt() {
        var router = playing()
        _ = router.handle(.networkScreensChanged([living]))
        #expect(
            router.handle(.userChoseScreen(living.id)) == [
                .rememberPreferredScreen(living.id), .rememberNetworkScreen(connector: "upnp:uuid:tv-1", follows: true),
                .openScene(living.id, .video(one)), .moveView(one, to: .screen(living.id)),
            ])
        #expect(router.networkScreens == ["upnp:uuid:tv-1": true])
    }

    /// (follows, appears while playing) → where the video is.
    @Test(arguments: [(true, true), (false, false)])
    func aRememberedRendererThatAppearsTakesTheVideoUnlessTurnedOff(follows: Bool, moves: Bool) {
        var router = playing(config: RouterConfig(gracePeriodMilliseconds: 0, networkScreens: [living.id.connector: follows]))
        _ = router.handle(.networkScreensChanged([living]))
        #expect(router.route(for: one) == (moves ? .screen(living.id) : .row(one)))
    }

    @Test func aRendererThatGoesAwaySendsTheVideoHome() {
        var router = playing()
        _ = router.handle(.networkScreensChanged([living]))
        _ = router.handle(.userChoseScreen(living.id))
        #expect(router.handle(.networkScreensChanged([])) == [.moveView(one, to: .row(one)), .closeScene(living.id)])
        #expect(router.route(for: one) == .row(one))
        // Back on the network, the chosen renderer follows again.
        _ = router.handle(.networkScreensChanged([living]))
        #expect(router.route(for: one) == .screen(living.id))
    }

    @Test func aRendererThatGaveUpIsPassedOverUntilChosenAgain() {
        var router = playing()
        _ = router.handle(.networkScreensChanged([living]))
        _ = router.handle(.userChoseScreen(living.id))
        #expect(router.handle(.screenGaveUp(living.id)) == [.moveView(one, to: .row(one)), .closeScene(living.id)])
        #expect(router.handle(.selected(Fixture.two)).contains(.moveView(Fixture.two, to: .screen(living.id))) == false)
        _ = router.handle(.userChoseScreen(living.id))
        #expect(router.route(for: Fixture.two) == .screen(living.id))
    }

    @Test func aMonitorPluggedInWinsOverAFollowedRendererOnlyWhenNewer() {
        var router = playing(config: RouterConfig(gracePeriodMilliseconds: 0, networkScreens: [living.id.connector: true]))
        _ = router.handle(.networkScreensChanged([living]))
        #expect(router.route(for: one) == .screen(living.id))
        _ = router.handle(.screensChanged([laptop, tv]))
        #expect(router.route(for: one) == .screen(tv.id))
        _ = router.handle(.screensChanged([laptop]))
        #expect(router.route(for: one) == .screen(living.id))
    }

    @Test func turningFollowingOffIsRememberedAndKeepsTheCastGoing() {
        var router = playing()
        _ = router.handle(.networkScreensChanged([living]))
        _ = router.handle(.userChoseScreen(living.id))
        #expect(router.handle(.setFollows(living.id, false)) == [.rememberNetworkScreen(connector: living.id.connector, follows: false)])
        #expect(router.route(for: one) == .screen(living.id))
        _ = router.handle(.networkScreensChanged([]))
        _ = router.handle(.networkScreensChanged([living]))
        #expect(router.route(for: one) == .row(one))
    }

    @Test func thePinNamesARendererByItsOwnName() {
        var router = playing(config: RouterConfig(gracePeriodMilliseconds: 0, pinnedConnector: "Hall"))
        _ = router.handle(.networkScreensChanged([living, hall]))
        #expect(router.route(for: one) == .screen(hall.id))
    }

    @Test func monitorListsAndRendererListsReplaceOnlyTheirOwnKind() {
        var set = ScreenSet()
        set.update(with: [laptop, tv], kind: .monitor)
        set.update(with: [living, hall], kind: .network)
        set.update(with: [laptop], kind: .monitor)
        #expect(set.screens.map(\.id) == [laptop.id, living.id, hall.id])
        set.update(with: [hall, tv], kind: .network)
        #expect(set.screens.map(\.id) == [laptop.id, hall.id])
        #expect(set.main(connector: nil)?.id == laptop.id)
    }

    @Test func aNetworkScreenIsReadyWithoutGeometryAndHasNoModes() {
        #expect(living.isReady && living.kind == .network && living.bestMode == nil)
        #expect(living.id.connector == "upnp:uuid:tv-1" && living.name == "Living room TV")
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// The presenter through the controller: keys in, the snapshot's look, the log and the players out.
@MainActor
struct PresenterControllerTests {
    /// A rig with three probed videos, a projector beside the laptop, and `a` playing on the projector.
    static func onProjector() async throws -> Rig {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(rig.ids[0])
        rig.backend.player(for: "/v/a.mp4")?.emit(.playing(positionMs: 0))
        return rig
    }

    static func field(_ record: EventRecord?, _ name: String) -> JSONValue? {
        record?.fields.first { $0.0 == name }?.1
    }

    @Test func blackOutCoversTheProjectorAndIsLogged() async throws {
        let rig = try await Self.onProjector()
        #expect(rig.controller.presenterView.stage == rig.ids[0])
        #expect(rig.controller.presenterView.presenting)
        #expect(rig.controller.perform(.presenter(.cover(.black)), inVideoWindow: false, selected: nil))
        let view = rig.controller.snapshot.presenter
        #expect(view.look.veil.colour == .black && view.look.veil.opacity == 1)
        #expect(view.state == .black)
        let logged = rig.records("presenter").last
        #expect(Self.field(logged, "action") == .string("blackout"))
        #expect(Self.field(logged, "cover") == .string("black"))
        #expect(rig.controller.policy.playing == rig.ids[0], "the video plays on under the cover")
        #expect(rig.controller.placement(of: rig.ids[0]) == .screen(connector: "HDMI-1"), "and stays where it is")
        rig.controller.perform(.cover(.black))
        #expect(rig.controller.snapshot.presenter.look.veil.opacity == 0)
        #expect(Self.field(rig.records("presenter").last, "cover") == .string("none"))
    }

    @Test func withNothingFullOnAScreenTheCoverKeysAreNotOurs() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(rig.ids[0])
        #expect(!rig.controller.perform(.cover(.black)))
        #expect(!rig.controller.perform(.freeze))
        #expect(!rig.controller.presenterView.presenting)
        // Fullscreen on the laptop is a presentation screen when there is no other.
        rig.controller.intent(rig.ids[0], .toggleFullscreen)
        #expect(rig.controller.perform(.cover(.white)))
        #expect(rig.controller.presenterView.stage == rig.ids[0])
        #expect(rig.controller.presenterView.look.veil.colour == .white)
    }

    @Test func theCoverMutesWhenAskedAndGivesTheSoundBack() async throws {
        let rig = try await Self.onProjector()
        rig.controller.usePresenter(PresenterSettings(coverSound: .mute))
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        rig.controller.perform(.cover(.black))
        #expect(player.muted)
        rig.controller.perform(.cover(.black))
        #expect(!player.muted)
        // Muted by the user before: still muted after the cover.
        player.muted = true
        rig.controller.perform(.cover(.white))
        rig.controller.perform(.cover(.white))
        #expect(player.muted)
    }

    @Test func pageDownFadesOutThenPlaysTheNextRow() async throws {
        let rig = try await Self.onProjector()
        #expect(rig.controller.perform(.presenter(.next), inVideoWindow: false, selected: nil))
        #expect(rig.controller.currentItem == rig.ids[0], "the next video waits for the fade")
        #expect(rig.controller.presenterView.look.veil.opacity == 1)
        rig.timers.advance(by: PresenterSettings().fadeMs)
        #expect(rig.controller.currentItem == rig.ids[1])
        #expect(rig.controller.placement(of: rig.ids[1]) == .screen(connector: "HDMI-1"))
        let look = rig.controller.presenterView.look
        #expect(look.veil.startOpacity == 1 && look.veil.opacity == 0, "it comes out of black")
    }

    @Test func aShowIsCuedAndSteppedWithTheClicker() async throws {
        let rig = try await Self.onProjector()
        rig.controller.perform(.cover(.black))
        rig.controller.perform(.cover(.black))
        rig.timers.advance(by: 1000)
        #expect(rig.controller.addToShow(rig.ids[2]))
        #expect(rig.controller.addToShow(rig.ids[1]))
        #expect(rig.controller.perform(.addToShow, selected: rig.ids[0]))
        #expect(rig.controller.presenterView.show.entries.map(\.path) == ["/v/c.mp4", "/v/b.mp4", "/v/a.mp4"])
        #expect(rig.controller.presenterView.showItems == [rig.ids[2], rig.ids[1], rig.ids[0]])
        #expect(rig.controller.perform(.startShow(fromCurrent: false)))
        let cue = rig.records("presenter").last
        #expect(Self.field(cue, "action") == .string("cue"))
        #expect(Self.field(cue, "index") == .int(0) && Self.field(cue, "count") == .int(3))
        #expect(cue?.path == "/v/c.mp4")
        #expect(rig.controller.presenterView.upNext?.entry.path == "/v/c.mp4")

        // Right is the clicker's next in a running show.
        let right = KeyBindings.command(for: "Right", control: false, inVideoWindow: false, presenting: true, showRunning: true)
        #expect(right == .presenter(.next))
        #expect(rig.controller.perform(try #require(right), inVideoWindow: false, selected: nil))
        rig.timers.advance(by: 1000)
        #expect(rig.controller.currentItem == rig.ids[2])
        rig.backend.player(for: "/v/c.mp4")?.emit(.playing(positionMs: 0))
        #expect(rig.controller.presenterView.upNext?.entry.path == "/v/b.mp4")
        rig.controller.perform(.next)
        rig.timers.advance(by: 1000)
        #expect(rig.controller.currentItem == rig.ids[1])
        rig.controller.perform(.previous)
        rig.timers.advance(by: 1000)
        #expect(rig.controller.currentItem == rig.ids[2])
        #expect(rig.controller.presenterView.show.position == 0)
        #expect(rig.controller.perform(.presenter(.endShow), inVideoWindow: false, selected: nil))
        #expect(!rig.controller.presenterView.show.running)
    }

    @Test func aRowPlayedDuringTheShowMovesItsPosition() async throws {
        let rig = try await Self.onProjector()
        for id in rig.ids { rig.controller.addToShow(id) }
        rig.controller.perform(.startShow(fromCurrent: true))
        #expect(rig.controller.presenterView.upNext?.entry.path == "/v/a.mp4", "Shift+F5 cues the current video")
        rig.controller.activate(rig.ids[1])
        rig.backend.player(for: "/v/b.mp4")?.emit(.playing(positionMs: 0))
        #expect(rig.controller.presenterView.show.position == 1)
        #expect(rig.controller.presenterView.upNext?.entry.path == "/v/c.mp4")
    }

    @Test func autoAdvanceStartsTheNextVideoOfTheShow() async throws {
        let rig = try await Self.onProjector()
        rig.controller.usePresenter(PresenterSettings(fadeMs: 0))
        rig.controller.addToShow(rig.ids[0])
        rig.controller.addToShow(rig.ids[2])
        rig.controller.setShowAutoAdvance(true)
        rig.controller.perform(.startShow(fromCurrent: false))
        rig.controller.perform(.next)
        rig.backend.player(for: "/v/a.mp4")?.emit(.playing(positionMs: 0))
        rig.backend.player(for: "/v/a.mp4")?.emit(.endOfStream)
        rig.timers.advance(by: 0)
        #expect(rig.controller.currentItem == rig.ids[2], "the show's next, not the next row")
        // Without auto-advance the show waits for the clicker.
        rig.controller.setShowAutoAdvance(false)
        rig.backend.player(for: "/v/c.mp4")?.emit(.playing(positionMs: 0))
        rig.backend.player(for: "/v/c.mp4")?.emit(.endOfStream)
        rig.timers.advance(by: 0)
        #expect(rig.controller.policy.playing == nil)
    }

    @Test func theEndHoldsTheLastFrameWhenAsked() async throws {
        let rig = try await Self.onProjector()
        rig.controller.usePresenter(PresenterSettings(endLook: .hold))
        rig.backend.player(for: "/v/a.mp4")?.emit(.endOfStream)
        let view = rig.controller.presenterView
        #expect(view.look.frozen)
        #expect(view.state == .ended)
        rig.controller.perform(.freeze)
        #expect(!rig.controller.presenterView.look.frozen, "H lets go of the held frame")
    }

    @Test func aShowEntryWhoseFileIsGoneSaysSo() async throws {
        let rig = try await Self.onProjector()
        rig.controller.replaceShow(Show(entries: [ShowEntry(path: "/elsewhere/gone.mp4", title: "Gone")]))
        #expect(rig.controller.presenterView.showItems == [nil])
        rig.controller.perform(.startShow(fromCurrent: false))
        rig.controller.perform(.next)
        #expect(rig.presenter.notices.last == .showEntryMissing(name: "Gone"))
        #expect(rig.controller.currentItem == rig.ids[0])
    }

    @Test func swappingNeedsAMonitorShowingTheScene() async throws {
        let rig = try await Self.onProjector()
        #expect(rig.controller.perform(.swapScreens))
        #expect(rig.controller.presenterView.swapped)
        rig.controller.screensChanged([Fixture.laptop])
        #expect(!rig.controller.presenterView.swapped, "the projector went away: nothing is swapped")
        #expect(!rig.controller.perform(.swapScreens))
    }
}

extension PresenterControllerTests {
    @Test func leavingFullscreenWithNoOtherScreenEndsTheCover() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(rig.ids[0])
        rig.controller.intent(rig.ids[0], .toggleFullscreen)
        #expect(rig.controller.perform(.cover(.white)))
        rig.controller.intent(rig.ids[0], .leaveFullscreen)
        #expect(rig.controller.presenterView.look.veil.opacity == 0)
        #expect(rig.controller.presenterView.state == .live)
        rig.controller.intent(rig.ids[0], .toggleFullscreen)
        #expect(rig.controller.presenterView.look.veil.opacity == 0, "fullscreen again starts with the picture")
    }

    @Test func aProjectorUnpluggedTakesItsCoverAlong() async throws {
        let rig = try await Self.onProjector()
        rig.controller.perform(.cover(.black))
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.controller.presenterView.state == .live)
        #expect(Self.field(rig.records("presenter").last, "cover") == .string("none"))
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// A video cast to a network screen through the controller, on manual time with a simulated network.
@MainActor
struct CastControllerTests {
    let tv = NetworkRenderer(udn: "uuid:tv-1", friendlyName: "Living room TV")
    var tvID: ScreenID { Screen(renderer: tv).id }

    /// A rig playing its first video at 42 s on the laptop, with the TV on the network.
    func playing() async throws -> (Rig, FakeRenderers, FakeCastServer, ItemID) {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let renderers = FakeRenderers(), server = FakeCastServer()
        rig.controller.attach(renderers: renderers, server: server, timers: rig.timers)
        #expect(renderers.started)
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.players.last)
        player.positionMs = 42_000
        player.emit(.playing(positionMs: 42_000))
        renderers.announce([tv])
        return (rig, renderers, server, a)
    }

    /// Answers the load and start, and reports PLAYING on the first poll.
    func reachPlaying(_ rig: Rig, _ renderers: FakeRenderers) {
        #expect(renderers.answer("GetProtocolInfo", .sinkProtocols(["http-get:*:video/mp4:*"])))
        #expect(renderers.answer("SetAVTransportURI", .done))
        #expect(renderers.answer("Play", .done))
        rig.timers.advance(by: CastDriver.pollMilliseconds)
        #expect(renderers.answer("GetTransportInfo", .transportState(.playing)))
    }

    @Test func choosingTheTVServesTheFileLoadsItAndSeeksToWhereTheLaptopWas() async throws {
        let (rig, renderers, server, a) = try await playing()
        #expect(rig.controller.placement(of: a) == .row, "a TV never chosen does not take the video")
        rig.controller.chooseScreen(tvID)
        #expect(rig.controller.placement(of: a) == .screen(connector: tvID.connector))
        #expect(server.serving == nil, "the renderer is asked what it takes first")
        #expect(rig.backend.players.last?.isPlaying == false, "the laptop holds still while the TV plays")
        reachPlaying(rig, renderers)
        #expect(server.serving == "/v/a.mp4" && server.convertedFrom == nil)
        #expect(renderers.sent.contains(.seek(milliseconds: 42_000)))
        #expect(rig.records("cast").compactMap { $0[.state]?.string } == ["loading", "playing"])
        #expect(rig.records("screen-connected").last?[.kind]?.string == "network")
        #expect(rig.records("scene-open").isEmpty, "a TV gets no window: its scene is the cast")
    }

    @Test func thePanelsControlsGoToTheTV() async throws {
        let (rig, renderers, _, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        reachPlaying(rig, renderers)
        let player = try #require(rig.backend.players.last)
        let before = player.commands.count
        rig.controller.intent(a, .togglePlay)
        rig.controller.intent(a, .seek(10_000))
        rig.controller.intent(a, .volume(0.5))
        rig.controller.intent(a, .toggleMute)
        #expect(Array(renderers.sent.suffix(4)) == [.pause, .seek(milliseconds: 10_000), .setVolume(percent: 50), .setMute(true)])
        #expect(player.commands.count == before, "the laptop's player is left alone")
    }

    /// However the TV lets go, the video comes back playing where the TV was, and follows the TV when it returns.
    @Test(arguments: ["gone", "stopped", "silent"])
    func theVideoComesBackPlayingAtTheTVsLastPosition(how: String) async throws {
        let (rig, renderers, server, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        reachPlaying(rig, renderers)
        rig.timers.advance(by: CastDriver.pollMilliseconds)
        #expect(renderers.answer("GetTransportInfo", .transportState(.playing)))
        #expect(renderers.answer("GetPositionInfo", .position(milliseconds: 50_000, durationMilliseconds: 61_000)))
        switch how {
        case "gone": renderers.announce([])
        case "stopped":
            rig.timers.advance(by: CastDriver.pollMilliseconds)
            #expect(renderers.answer("GetTransportInfo", .transportState(.stopped)))
        default:
            for _ in 0..<CastSession.silenceLimitTicks {
                rig.timers.advance(by: CastDriver.pollMilliseconds)
                renderers.answer("GetTransportInfo", .failed(code: nil, description: "no answer in 3000 ms"))
                renderers.answer("GetPositionInfo", .failed(code: nil, description: "no answer in 3000 ms"))
            }
        }
        #expect(rig.controller.placement(of: a) == .row)
        let player = try #require(rig.backend.players.last)
        #expect(player.commands.suffix(2) == [.seek(50_000), .play])
        #expect(server.serving == nil, "the URL answers nothing once the cast ended")
        #expect(rig.presenter.notices.contains { if case .castEnded = $0 { true } else { false } })
        // The same TV back (or still there): only a TV that left and came back is used again by itself.
        renderers.announce([])
        renderers.announce([tv])
        #expect(rig.controller.placement(of: a) == .screen(connector: tvID.connector))
    }

    @Test func aRefusedVideoStaysOnTheLaptopWithTheTVsWords() async throws {
        let (rig, renderers, _, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        #expect(renderers.answer("GetProtocolInfo", .sinkProtocols([])))
        #expect(renderers.answer("SetAVTransportURI", .failed(code: 714, description: "Illegal MIME-type")))
        #expect(rig.controller.placement(of: a) == .row)
        #expect(rig.presenter.notices.last == .castEnded(screen: "Living room TV", .refused(code: 714, description: "Illegal MIME-type")))
        #expect(rig.records("cast").last?[.reason]?.string == "UPnP error 714: Illegal MIME-type")
        #expect(rig.backend.players.last?.isPlaying == true, "it plays on where it was")
    }

    @Test func choosingAMonitorBringsTheVideoBackFromTheTVAndStopsIt() async throws {
        let (rig, renderers, _, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        reachPlaying(rig, renderers)
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        #expect(rig.controller.placement(of: a) == .screen(connector: tvID.connector), "the user's choice holds")
        rig.timers.advance(by: CastDriver.pollMilliseconds)
        #expect(renderers.answer("GetTransportInfo", .transportState(.playing)))
        #expect(renderers.answer("GetPositionInfo", .position(milliseconds: 50_000, durationMilliseconds: 61_000)))
        rig.controller.chooseScreen(Fixture.tv.id)
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"))
        #expect(renderers.sent.last == .stop)
        let player = try #require(rig.backend.players.last)
        #expect(player.commands.suffix(2) == [.seek(50_000), .play], "it goes on on the monitor from where the TV was")
    }

    @Test func aTVThatDoesNotTakeTheFileGetsItConvertedAndTheRowSaysSo() async throws {
        let (rig, renderers, server, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        #expect(rig.controller.row(for: a)?.status == .casting(name: "Living room TV", converted: false))
        #expect(renderers.answer("GetProtocolInfo", .sinkProtocols(["http-get:*:video/mpeg:*"])))
        #expect(server.convertedFrom == 42_000, "converted from where the laptop was")
        #expect(rig.controller.row(for: a)?.status == .casting(name: "Living room TV", converted: true))
        #expect(rig.presenter.refreshedRows.last == a, "the row is told")
        #expect(renderers.answer("SetAVTransportURI", .done))
        #expect(renderers.answer("Play", .done))
        rig.timers.advance(by: CastDriver.pollMilliseconds)
        #expect(renderers.answer("GetTransportInfo", .transportState(.playing)))
        #expect(!renderers.sent.contains(.seek(milliseconds: 42_000)), "the stream starts there: no seek")
        rig.controller.intent(a, .seek(10_000))
        #expect(server.convertedFrom == 10_000, "a seek restarts the conversion there")
    }

    @Test func theSubtitlesShownAreBurntIntoAConvertedStream() async throws {
        let rig = Rig()
        let sidecars = SidecarSubtitles(
            videoName: "a.mp4", siblings: ["a.mp4", "a.fr.srt"], size: { _ in 100 },
            contents: { $0 == "a.fr.srt" ? Array("1\n00:00:01,000 --> 00:00:03,000\nBonjour\n".utf8) : nil })
        rig.backend.script(sidecars: sidecars, for: "/v/a.mp4")
        rig.ids = rig.controller.add(paths: ["/v/a.mp4"])
        try await rig.probed()
        let renderers = FakeRenderers(), server = FakeCastServer()
        rig.controller.attach(renderers: renderers, server: server, timers: rig.timers)
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.players.last)
        player.emit(.playing(positionMs: 0))
        player.emit(.tracks(audio: [], subtitles: []))
        try await rig.eventually("the tracks listed") { !rig.records("tracks").isEmpty }
        rig.controller.chooseTrack(a, .subtitles, .sidecar("a.fr.srt"))
        renderers.announce([tv])
        rig.controller.chooseScreen(tvID)
        #expect(renderers.answer("GetProtocolInfo", .sinkProtocols(["http-get:*:video/mpeg:*"])))
        #expect(server.convertedFrom == 0)
        #expect(server.burntSubtitles?.contains("00:00:01,000 --> 00:00:03,000\nBonjour") == true, "\(server.burntSubtitles ?? "none")")
        #expect(server.subtitles == nil, "not beside the stream as well")
    }

    @Test func fromOneTVToAnotherTheVideoGoesOnFromWhereTheFirstWas() async throws {
        let (rig, renderers, _, a) = try await playing()
        rig.controller.chooseScreen(tvID)
        reachPlaying(rig, renderers)
        rig.timers.advance(by: CastDriver.pollMilliseconds)
        #expect(renderers.answer("GetTransportInfo", .transportState(.playing)))
        #expect(renderers.answer("GetPositionInfo", .position(milliseconds: 50_000, durationMilliseconds: 61_000)))
        let bedroom = NetworkRenderer(udn: "uuid:tv-2", friendlyName: "Bedroom TV")
        renderers.announce([tv, bedroom])
        rig.controller.chooseScreen(Screen(renderer: bedroom).id)
        #expect(rig.controller.placement(of: a) == .screen(connector: "upnp:uuid:tv-2"))
        #expect(renderers.sent.contains(.stop), "the first TV is told to stop")
        reachPlaying(rig, renderers)
        #expect(renderers.sent.last == .seek(milliseconds: 50_000), "the second TV starts where the first was")
    }
}

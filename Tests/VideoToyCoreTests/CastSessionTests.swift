import Testing
import VideoToyCore
import VideoToyTesting

/// A cast from start to end: serving, loading, the seek to where the laptop was, following the renderer, and every
/// way it ends.
@Suite("Cast session")
struct CastSessionTests {
    let screen = Fixture.livingRoom.id
    let udn = "uuid:tv-1"

    func request(at positionMs: Int = 42_000, paused: Bool = false) -> CastRequest {
        CastRequest(
            item: Fixture.one, screen: screen, udn: udn, path: "/v/a.mp4", mimeType: "video/mp4", title: "A <film> & more",
            positionMs: positionMs, paused: paused)
    }

    /// A session that reached PLAYING, with its effects so far.
    func playing(at positionMs: Int = 42_000, paused: Bool = false) -> (CastSession, [CastSession.Effect]) {
        var session = CastSession()
        var effects = session.handle(.start(request(at: positionMs, paused: paused)))
        effects += session.handle(.served("http://169.254.77.1:4000/cast/t/video.mp4"))
        effects += session.handle(.replied(setURI("http://169.254.77.1:4000/cast/t/video.mp4"), .done))
        effects += session.handle(.replied(.play, .done))
        effects += session.handle(.tick)
        effects += session.handle(.replied(.getTransportInfo, .transportState(.playing)))
        return (session, effects)
    }

    func setURI(_ url: String) -> RendererAction { .setURI(url: url, metadata: request().metadata(url: url)) }

    func sent(_ effects: [CastSession.Effect]) -> [RendererAction] {
        effects.compactMap { if case .send(let action, _) = $0 { action } else { nil } }
    }

    func ends(_ effects: [CastSession.Effect]) -> [CastEnd] {
        effects.compactMap { if case .ended(let end) = $0 { end } else { nil } }
    }

    @Test func startServesLoadsPlaysAndSeeksToTheLaptopsPositionOncePlaying() {
        let (session, effects) = playing()
        #expect(effects.first == .changed(.loading, screen: screen, positionMs: 42_000))
        #expect(effects.contains(.serve(path: "/v/a.mp4", mimeType: "video/mp4", udn: udn)))
        #expect(
            sent(effects) == [
                setURI("http://169.254.77.1:4000/cast/t/video.mp4"), .play, .getTransportInfo,
                .getPositionInfo, .seek(milliseconds: 42_000),
            ])
        #expect(session.item == Fixture.one && session.progress.playing)
    }

    /// (position on the laptop, paused) → the actions after PLAYING.
    @Test(arguments: [
        (0, false, [RendererAction]()), (999, false, []), (1000, false, [.seek(milliseconds: 1000)]),
        (5000, true, [.seek(milliseconds: 5000), .pause]),
    ])
    func whatFollowsThePlayingState(position: Int, paused: Bool, expected: [RendererAction]) {
        var session = CastSession()
        _ = session.handle(.start(request(at: position, paused: paused)))
        _ = session.handle(.served("http://x/"))
        _ = session.handle(.replied(setURI("http://x/"), .done))
        _ = session.handle(.replied(.play, .done))
        #expect(sent(session.handle(.replied(.getTransportInfo, .transportState(.playing)))) == expected)
    }

    @Test func positionsFromTheRendererAreFollowed() {
        var (session, _) = playing()
        let effects = session.handle(.replied(.getPositionInfo, .position(milliseconds: 43_500, durationMilliseconds: 60_000)))
        #expect(effects == [.progress(CastProgress(item: Fixture.one, positionMs: 43_500, durationMs: 60_000, playing: true))])
        #expect(session.positionMs == 43_500)
    }

    /// What the renderer says when the cast is playing → how it ends.
    @Test(arguments: [
        (TransportState.stopped, 30_000, CastEndReason.stoppedByRenderer), (.noMedia, 30_000, .stoppedByRenderer),
        (.stopped, 59_000, .finished),
    ])
    func stoppingOnItsOwn(state: TransportState, at position: Int, reason: CastEndReason) {
        var (session, _) = playing()
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: position, durationMilliseconds: 60_000)))
        let effects = session.handle(.replied(.getTransportInfo, .transportState(state)))
        #expect(ends(effects) == [CastEnd(item: Fixture.one, screen: screen, positionMs: position, wasPlaying: true, reason: reason)])
        #expect(effects.contains(.stopServing) && !sent(effects).contains(.stop))
        #expect(session.item == nil)
    }

    @Test func aRefusedVideoEndsTheCastWithTheRenderersWords() {
        var session = CastSession()
        _ = session.handle(.start(request()))
        _ = session.handle(.served("http://x/"))
        let effects = session.handle(.replied(setURI("http://x/"), .failed(code: 714, description: "Illegal MIME-type")))
        #expect(ends(effects).map(\.reason) == [.refused(code: 714, description: "Illegal MIME-type")])
        #expect(ends(effects).first?.positionMs == 42_000)
    }

    @Test func nothingToListenOnEndsTheCastAtOnce() {
        var session = CastSession()
        _ = session.handle(.start(request()))
        #expect(ends(session.handle(.served(nil))).map(\.reason) == [.notServed])
    }

    @Test func tenSilentSecondsMakeTheRendererUnreachable() {
        var (session, _) = playing()
        var reasons: [CastEndReason] = []
        for second in 1...CastSession.silenceLimitTicks {
            let effects = session.handle(.tick)
            reasons += ends(effects).map(\.reason)
            if second < CastSession.silenceLimitTicks { #expect(reasons.isEmpty) }
            // A failed poll is no answer: it never resets the silence.
            _ = session.handle(.replied(.getPositionInfo, .failed(code: nil, description: "no answer")))
            _ = session.handle(.replied(.getTransportInfo, .failed(code: nil, description: "no answer")))
        }
        #expect(reasons == [.unreachable(seconds: 10)])
    }

    @Test func anAnswerResetsTheSilence() {
        var (session, _) = playing()
        for _ in 0..<(3 * CastSession.silenceLimitTicks) {
            #expect(ends(session.handle(.tick)).isEmpty)
            _ = session.handle(.replied(.getTransportInfo, .transportState(.playing)))
        }
    }

    @Test func aRendererThatNeverPlaysIsGivenUp() {
        var session = CastSession()
        _ = session.handle(.start(request()))
        _ = session.handle(.served("http://x/"))
        _ = session.handle(.replied(setURI("http://x/"), .done))
        _ = session.handle(.replied(.play, .done))
        var reasons: [CastEndReason] = []
        for _ in 0..<CastSession.startLimitTicks {
            reasons += ends(session.handle(.tick)).map(\.reason)
            _ = session.handle(.replied(.getTransportInfo, .transportState(.transitioning)))
        }
        #expect(reasons == [.refused(code: nil, description: "did not start playing")])
    }

    @Test func bringingBackStopsTheRendererAndReportsItsPosition() {
        var (session, _) = playing()
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 50_000, durationMilliseconds: 60_000)))
        let effects = session.handle(.bringBack)
        #expect(sent(effects) == [.stop])
        #expect(ends(effects) == [CastEnd(item: Fixture.one, screen: screen, positionMs: 50_000, wasPlaying: true, reason: .broughtBack)])
        #expect(session.handle(.bringBack) == [] && session.handle(.tick) == [])
    }

    @Test func aGoneRendererIsNotSpokenToAgain() {
        var (session, _) = playing()
        let effects = session.handle(.rendererGone)
        #expect(sent(effects).isEmpty && ends(effects).map(\.reason) == [.gone])
    }

    @Test func pauseSeekAndVolumeGoToTheRendererWithinBounds() {
        var (session, _) = playing()
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 1000, durationMilliseconds: 60_000)))
        #expect(sent(session.handle(.setPaused(true))) == [.pause])
        #expect(session.handle(.setPaused(true)) == [])
        #expect(sent(session.handle(.seek(milliseconds: 90_000))) == [.seek(milliseconds: 60_000)])
        #expect(sent(session.handle(.setVolume(percent: 250))) == [.setVolume(percent: 100)])
        #expect(sent(session.handle(.setMute(true))) == [.setMute(true)])
        #expect(ends(session.handle(.bringBack)).first?.wasPlaying == false)
    }

    @Test func positionsDuringTheStartingSeekDoNotMoveTheClockBack() {
        var session = CastSession()
        _ = session.handle(.start(request()))
        _ = session.handle(.served("http://x/"))
        _ = session.handle(.replied(setURI("http://x/"), .done))
        _ = session.handle(.replied(.play, .done))
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 0, durationMilliseconds: 60_000)))
        #expect(session.positionMs == 42_000)
    }
}

/// UPnP clock values and the DIDL-Lite sent with a cast, from hostile input.
@Suite("Cast formats")
struct CastFormatTests {
    @Test(arguments: [
        ("0:00:00", 0), ("1:02:03", 3_723_000), ("0:00:01.5", 1500), ("0:00:01.250", 1250), ("0:00:01.2509", 1250),
        ("00:10:00.1/4", 600_250), (" 0:00:09 ", 9000), ("99:59:59", 359_999_000),
    ])
    func clockValuesRead(text: String, ms: Int) { #expect(UPnPClock.milliseconds(text) == ms) }

    @Test(arguments: [
        "NOT_IMPLEMENTED", "", "1:2", "0:60:00", "0:00:60", "-1:00:00", "0:00:00.", "0:00:00.1/0", "0:00:00.5/4",
        "9999999:00:00", "100:00:01", "0:00:0x", "１:00:00", String(repeating: "9", count: 40) + ":00:00",
    ])
    func junkIsNoTime(text: String) { #expect(UPnPClock.milliseconds(text) == nil) }

    @Test(arguments: [(0, "0:00:00.000"), (3_723_045, "1:02:03.045"), (-5, "0:00:00.000"), (Int.max, "100:00:00.000")])
    func clockValuesWritten(ms: Int, text: String) { #expect(UPnPClock.format(milliseconds: ms) == text) }

    @Test func metadataEscapesEverythingAndDropsWhatXMLCannotCarry() {
        let xml = CastFormat.metadata(
            title: "Tom & \"Jerry\" <b>\u{1}'s</b>", url: "http://h/cast/t/video.mp4?a=1&b=2", mimeType: "video/mp4",
            durationMs: 61_000, width: 1920, height: 1080)
        #expect(xml.contains("<dc:title>Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;</dc:title>"))
        #expect(xml.contains(">http://h/cast/t/video.mp4?a=1&amp;b=2</res>"))
        #expect(xml.contains("duration=\"0:01:01.000\"") && xml.contains("resolution=\"1920x1080\""))
        #expect(!xml.unicodeScalars.contains("\u{1}"))
    }

    /// (path, container) → MIME type.
    @Test(arguments: [
        ("/v/a.MP4", nil, "video/mp4"), ("/v/b.mkv", nil, "video/x-matroska"), ("/v/c.ts", MediaContainer.mpegTS, "video/mp2t"),
        ("/v/noext", nil, "video/mp4"), ("/v.dir/webm", nil, "video/mp4"), ("/v/d.webm", nil, "video/webm"),
    ])
    func mimeTypes(path: String, container: MediaContainer?, mime: String) {
        #expect(CastFormat.mimeType(forPath: path, container: container) == mime)
    }
}

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
            durationMs: 61_000,
            positionMs: positionMs, paused: paused)
    }

    /// A session that reached PLAYING, with its effects so far.
    func playing(at positionMs: Int = 42_000, paused: Bool = false) -> (CastSession, [CastSession.Effect]) {
        var session = CastSession()
        var effects = session.handle(.start(request(at: positionMs, paused: paused)))
        effects += session.handle(.replied(.getProtocolInfo, .sinkProtocols(["http-get:*:video/mp4:*"])))
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
        #expect(effects.contains(.serve(path: "/v/a.mp4", mimeType: "video/mp4", subtitles: nil, udn: udn)))
        #expect(
            sent(effects) == [
                .getProtocolInfo, setURI("http://169.254.77.1:4000/cast/t/video.mp4"), .play, .getTransportInfo,
                .seek(milliseconds: 42_000),
            ])
        #expect(session.item == Fixture.one && session.progress.playing)
    }

    /// (position on the laptop, paused) → the actions after PLAYING.
    @Test(arguments: [
        (0, false, [RendererAction.getPositionInfo]), (999, false, [.getPositionInfo]), (1000, false, [.seek(milliseconds: 1000)]),
        (5000, true, [.seek(milliseconds: 5000), .pause]),
    ])
    func whatFollowsThePlayingState(position: Int, paused: Bool, expected: [RendererAction]) {
        var session = CastSession()
        _ = session.handle(.start(request(at: position, paused: paused)))
        _ = session.handle(.replied(.getProtocolInfo, .failed(code: 401, description: "Invalid Action")))
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
        _ = session.handle(.replied(.getProtocolInfo, .sinkProtocols([])))
        _ = session.handle(.served("http://x/"))
        let effects = session.handle(.replied(setURI("http://x/"), .failed(code: 714, description: "Illegal MIME-type")))
        #expect(ends(effects).map(\.reason) == [.refused(code: 714, description: "Illegal MIME-type")])
        #expect(ends(effects).first?.positionMs == 42_000)
    }

    @Test func nothingToListenOnEndsTheCastAtOnce() {
        var session = CastSession()
        _ = session.handle(.start(request()))
        _ = session.handle(.replied(.getProtocolInfo, .sinkProtocols([])))
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
        _ = session.handle(.replied(.getProtocolInfo, .sinkProtocols([])))
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
        _ = session.handle(.replied(.getProtocolInfo, .sinkProtocols([])))
        _ = session.handle(.served("http://x/"))
        _ = session.handle(.replied(setURI("http://x/"), .done))
        _ = session.handle(.replied(.play, .done))
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 0, durationMilliseconds: 60_000)))
        #expect(session.positionMs == 42_000)
    }
}

/// The MIME type a file is offered as.
@Suite("Cast formats")
struct CastFormatTests {
    /// (path, container) → MIME type.
    @Test(arguments: [
        ("/v/a.MP4", nil, "video/mp4"), ("/v/b.mkv", nil, "video/x-matroska"), ("/v/c.ts", MediaContainer.mpegTS, "video/mp2t"),
        ("/v/noext", nil, "video/mp4"), ("/v.dir/webm", nil, "video/mp4"), ("/v/d.webm", nil, "video/webm"),
    ])
    func mimeTypes(path: String, container: MediaContainer?, mime: String) {
        #expect(CastFormat.mimeType(forPath: path, container: container) == mime)
    }
}

/// A renderer that does not take the file gets it converted, and a seek restarts the conversion there.
@Suite("Cast session, converted")
struct ConvertedCastTests {
    let base = CastSessionTests()

    func converting() -> (CastSession, [CastSession.Effect]) {
        var session = CastSession()
        var effects = session.handle(.start(base.request(at: 30_000)))
        effects += session.handle(.replied(.getProtocolInfo, .sinkProtocols(["http-get:*:video/mpeg:*", "http-get:*:video/mp2t:*"])))
        return (session, effects)
    }

    @Test func aFileTheRendererDoesNotTakeIsConvertedFromWhereTheLaptopWas() {
        var (session, effects) = converting()
        #expect(effects.contains(.serveConverted(path: "/v/a.mp4", fromMs: 30_000, mimeType: "video/mp2t", subtitles: nil, udn: base.udn)))
        #expect(session.converted && session.progress.converted)
        let url = "http://h/cast/t/video.ts"
        let setURI = session.handle(.served(url))
        #expect(
            setURI == [
                .send(
                    .setURI(url: url, metadata: base.request(at: 30_000).metadata(url: url, mimeType: "video/mp2t", converted: true)),
                    udn: base.udn)
            ])
        _ = session.handle(.replied(setURI.compactMap { if case .send(let a, _) = $0 { a } else { nil } }[0], .done))
        _ = session.handle(.replied(.play, .done))
        _ = session.handle(.tick)
        #expect(
            base.sent(session.handle(.replied(.getTransportInfo, .transportState(.playing)))) == [.getPositionInfo],
            "no seek: it starts there")
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 5_000, durationMilliseconds: 35_000)))
        #expect(session.positionMs == 35_000, "positions count from where the stream began")
        #expect(session.progress.durationMs == 61_000, "the file's length, not the stream's")
        #expect(
            session.handle(.seek(milliseconds: 50_000)).contains(
                .serveConverted(path: "/v/a.mp4", fromMs: 50_000, mimeType: "video/mp2t", subtitles: nil, udn: base.udn)))
        _ = session.handle(.served(url))
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 0, durationMilliseconds: nil)))
        #expect(session.positionMs == 50_000)
    }

    /// (sinks, MIME type) → served as it is.
    @Test(arguments: [
        ([String](), true), (["http-get:*:video/mp4:*"], true), (["http-get:*:*:*"], true), (["http-get:*:video/*:*"], true),
        (["rtsp-rtp-udp:*:video/mp4:*"], false), (["http-get:*:video/mpeg:*"], false),
    ])
    func whatIsServedAsItIs(sinks: [String], asItIs: Bool) {
        var session = CastSession()
        _ = session.handle(.start(base.request()))
        let effects = session.handle(.replied(.getProtocolInfo, .sinkProtocols(sinks)))
        #expect(effects.contains(.serve(path: "/v/a.mp4", mimeType: "video/mp4", subtitles: nil, udn: base.udn)) == asItIs)
        #expect(session.converted == !asItIs)
    }

    /// (sinks) → what is served: a file under the name the renderer lists it by, a conversion under its TS name.
    @Test(arguments: [
        (
            ["http-get:*:video/quicktime:*"],
            CastSession.Effect.serve(path: "/v/a.mp4", mimeType: "video/quicktime", subtitles: nil, udn: "uuid:tv-1")
        ),
        (
            ["http-get:*:video/mpegts:*"],
            .serveConverted(path: "/v/a.mp4", fromMs: 42_000, mimeType: "video/mpegts", subtitles: nil, udn: "uuid:tv-1")
        ),
        (
            ["http-get:*:image/png:*"],
            .serveConverted(path: "/v/a.mp4", fromMs: 42_000, mimeType: "video/mp2t", subtitles: nil, udn: "uuid:tv-1")
        ),
    ])
    func theRenderersOwnNameIsUsed(sinks: [String], served: CastSession.Effect) {
        var session = CastSession()
        _ = session.handle(.start(base.request()))
        #expect(session.handle(.replied(.getProtocolInfo, .sinkProtocols(sinks))).first == served)
    }
}

/// The poll asks where the renderer is only once it says it plays: a stopped renderer reports 0.
@Suite("Cast session, polling")
struct CastPollTests {
    let base = CastSessionTests()

    @Test func aStoppedRendererIsNeverAskedWhereItIsSoTheLastPositionHolds() {
        var (session, _) = base.playing()
        _ = session.handle(.tick)
        #expect(base.sent(session.handle(.replied(.getTransportInfo, .transportState(.playing)))) == [.getPositionInfo])
        _ = session.handle(.replied(.getPositionInfo, .position(milliseconds: 50_000, durationMilliseconds: 61_000)))
        #expect(base.sent(session.handle(.tick)) == [.getTransportInfo])
        let effects = session.handle(.replied(.getTransportInfo, .transportState(.stopped)))
        #expect(!base.sent(effects).contains(.getPositionInfo))
        #expect(base.ends(effects).map(\.positionMs) == [50_000])
    }

    @Test func oneQuestionAtATime() {
        var (session, _) = base.playing()
        #expect(base.sent(session.handle(.tick)) == [.getTransportInfo])
        #expect(base.sent(session.handle(.tick)).isEmpty, "the last question is still out")
        _ = session.handle(.replied(.getTransportInfo, .failed(code: nil, description: "no answer in 3000 ms")))
        #expect(base.sent(session.handle(.tick)) == [.getTransportInfo])
    }
}

/// The subtitles shown with the video go with it: as a file beside it when it is served as it is, burnt into the
/// picture when it is converted.
@Suite("Cast session, subtitles")
struct CastSubtitlesTests {
    let base = CastSessionTests()

    func request(subtitles: String?) -> CastRequest {
        CastRequest(
            item: Fixture.one, screen: base.screen, udn: base.udn, path: "/v/a.mp4", mimeType: "video/mp4", title: "A",
            subtitles: subtitles, positionMs: 0, paused: false)
    }

    @Test func theSubtitlesAreServedAndNamedInTheDescription() {
        var session = CastSession()
        _ = session.handle(.start(request(subtitles: "1\n00:00:01,000 --> 00:00:02,000\nHi\n\n")))
        let serve = session.handle(.replied(.getProtocolInfo, .sinkProtocols([])))
        #expect(
            serve == [.serve(path: "/v/a.mp4", mimeType: "video/mp4", subtitles: "1\n00:00:01,000 --> 00:00:02,000\nHi\n\n", udn: base.udn)]
        )
        let sent = base.sent(session.handle(.served("http://h/cast/t/video.mp4", subtitlesURL: "http://h/cast/t/subtitles.srt")))
        guard case .setURI(_, let metadata)? = sent.first else {
            Issue.record("no SetAVTransportURI: \(sent)")
            return
        }
        #expect(metadata.contains("<sec:CaptionInfoEx sec:type=\"srt\">http://h/cast/t/subtitles.srt</sec:CaptionInfoEx>"))
    }

    @Test func aConvertedStreamHasThemBurntInNotBeside() {
        var session = CastSession()
        let text = "1\n00:00:01,000 --> 00:00:02,000\nHi\n\n"
        _ = session.handle(.start(request(subtitles: text)))
        let serve = session.handle(.replied(.getProtocolInfo, .sinkProtocols(["http-get:*:video/mpeg:*"])))
        #expect(serve.contains(.serveConverted(path: "/v/a.mp4", fromMs: 0, mimeType: "video/mpeg", subtitles: text, udn: base.udn)))
        let sent = base.sent(session.handle(.served("http://h/cast/t/video.ts", subtitlesURL: "http://h/cast/t/subtitles.srt")))
        guard case .setURI(_, let metadata)? = sent.first else {
            Issue.record("no SetAVTransportURI: \(sent)")
            return
        }
        #expect(!metadata.contains("subtitles.srt"))
        _ = session.handle(.replied(.setURI(url: "http://h/cast/t/video.ts", metadata: metadata), .done))
        _ = session.handle(.replied(.play, .done))
        _ = session.handle(.tick)
        _ = session.handle(.replied(.getTransportInfo, .transportState(.playing)))
        #expect(
            session.handle(.seek(milliseconds: 5_000)).contains(
                .serveConverted(path: "/v/a.mp4", fromMs: 5_000, mimeType: "video/mpeg", subtitles: text, udn: base.udn)),
            "a seek restarts the conversion with them")
    }
}

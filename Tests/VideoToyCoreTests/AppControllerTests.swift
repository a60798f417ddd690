import Synchronization
import Testing
import VideoToyCore
import VideoToyTesting

/// The controller driven with a fake backend and a fake window, on the main actor.
@MainActor
struct AppControllerTests {
    static let info = MediaInfo(
        durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080),
        videoCodec: "H.264", audioCodec: "AAC")

    // MARK: Library and probing

    @Test func addingShowsTheLibraryAndProbesEveryFile() async throws {
        let rig = Rig()
        rig.backend.script(
            "/v/b.mp4",
            .success(
                MediaInfo(
                    durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080),
                    videoCodec: "H.264", audioCodec: "AAC", rotation: 90)))
        let ids = rig.controller.add(paths: ["/v/clip 10.mp4", "/v/b.mp4", "/v/clip 2.mp4"])
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(rig.presenter.libraryCounts == [3])
        #expect(rig.log.records.first?.jsonLine == #"{"event":"library","t_ms":0,"count":3}"#)
        #expect(rig.controller.id(at: 0) == ids[1])
        #expect(rig.controller.id(at: 1) == ids[2])
        #expect(rig.controller.id(at: 2) == ids[0])
        #expect(rig.controller.id(at: 3) == nil)

        try await rig.probed()
        let probes = rig.records("probe")
        #expect(probes.count == 3)
        #expect(Set(probes.compactMap(\.path)) == ["/v/clip 10.mp4", "/v/b.mp4", "/v/clip 2.mp4"])
        #expect(
            probes.first { $0.path == "/v/b.mp4" }?.jsonLine
                == #"{"event":"probe","t_ms":0,"path":"/v/b.mp4","duration_ms":61000,"width":1080,"height":1920,"codec":"H.264","audio_codec":"AAC"}"#
        )
        #expect(Set(rig.presenter.refreshedRows) == Set(ids))
        #expect(rig.backend.probedPaths.count == 3, "each file is probed once")

        let row = try #require(rig.controller.row(for: ids[1]))
        #expect(row.title == "b.mp4")
        #expect(row.folder == "/v")
        #expect(row.detail == .summary("1:01 · 1080×1920 · H.264"))
        #expect(!row.isError)
        #expect(row.status == .idle)
        #expect(!row.hasVideoView)
        #expect(rig.controller.row(for: ItemID(99)) == nil)
    }

    @Test func addingAgainKeepsIDsAndProbesOnlyNewFiles() async throws {
        let rig = Rig()
        let first = rig.controller.add(paths: ["/v/a.mp4", "/v/b.mp4"])
        try await rig.probed()
        let second = rig.controller.add(paths: ["/v/b.mp4", "/v/c.mp4"])
        #expect(second.first == first[1])
        #expect(!first.contains(second[1]))
        #expect(rig.presenter.libraryCounts == [2], "the first list is shown whole")
        #expect(rig.presenter.insertions == [[2]], "later files are inserted, keeping the selection")
        _ = rig.controller.add(paths: ["/v/a.mp4"])
        #expect(rig.presenter.insertions == [[2]], "nothing new, nothing inserted")
        _ = rig.controller.add(paths: ["/v/0.mp4", "/v/bb.mp4"])
        #expect(rig.presenter.insertions == [[2], [0, 3]])
        try await rig.probed()
        #expect(rig.backend.probedPaths.sorted() == ["/v/0.mp4", "/v/a.mp4", "/v/b.mp4", "/v/bb.mp4", "/v/c.mp4"])
        #expect(rig.records("probe").count == 5)
    }

    @Test func pendingRowReadsAndAudioOnlyRowSaysSo() async throws {
        let rig = Rig()
        rig.backend.script("/v/song.ogg", .success(MediaInfo(durationMs: 5_000, audioCodec: "Opus")))
        let ids = rig.controller.add(paths: ["/v/song.ogg"])
        #expect(rig.controller.row(for: ids[0])?.detail == .reading)
        try await rig.probed()
        #expect(rig.controller.row(for: ids[0])?.detail == .summary("0:05 · audio only (Opus)"))
        #expect(
            rig.records("probe").first?.jsonLine
                == #"{"event":"probe","t_ms":0,"path":"/v/song.ogg","duration_ms":5000,"width":null,"height":null,"codec":null,"audio_codec":"Opus"}"#
        )
    }

    @Test func visibleVideoRowsGetAPoster() async throws {
        let rig = Rig()
        rig.backend.script("/v/a.mp4", .success(Self.info))
        rig.backend.script("/v/song.ogg", .success(MediaInfo(durationMs: 5_000, audioCodec: "Opus")))
        let ids = rig.controller.add(paths: ["/v/a.mp4", "/v/song.ogg"])
        try await rig.probed()
        #expect(rig.controller.row(for: ids[0])?.poster == nil)
        #expect(rig.controller.row(for: ids[1])?.poster == nil)
        let refreshesBefore = rig.presenter.refreshedRows.count
        try await rig.eventually("a poster for a.mp4") { rig.controller.row(for: ids[0])?.poster != nil }
        let poster = try #require(rig.controller.row(for: ids[0])?.poster)
        #expect(poster.width == 8 && poster.height == 6)
        #expect(rig.presenter.refreshedRows.count == refreshesBefore + 1)
        #expect(rig.presenter.refreshedRows.last == ids[0])
        #expect(
            rig.backend.posterRequests == [FakeMediaBackend.PosterRequest(path: "/v/a.mp4", durationMs: 61_000)],
            "the poster knows the duration; audio-only files get none")
    }

    nonisolated static let failures: [ProbeFailure] = [
        .empty, .vanished, .permissionDenied, .notMedia(contentType: "text/plain"),
        .missingDecoder(codec: "H.265", package: "gstreamer1.0-libav"), .timedOut(seconds: 10), .other("odd \"quote\""),
    ]

    @Test(arguments: failures)
    func failedProbeShowsTheReason(failure: ProbeFailure) async throws {
        let rig = Rig()
        rig.backend.script("/v/broken.mp4", .failure(failure))
        let ids = rig.controller.add(paths: ["/v/broken.mp4", "/v/good.mp4"])
        try await rig.probed()
        let row = try #require(rig.controller.row(for: ids[0]))
        #expect(row.detail == .failed(failure))
        #expect(row.isError)
        #expect(rig.controller.row(for: ids[1])?.isError == false)
        let record = try #require(rig.records("probe").first { $0.path == "/v/broken.mp4" })
        #expect(
            record
                == EventRecord(
                    name: "probe", tMs: 0, path: "/v/broken.mp4",
                    fields: [("error", .string(failure.code)), ("message", .string("\(LogMessage.probe(failure))"))]))
        #expect(rig.terminal.lines == ["/v/broken.mp4: \(LogMessage.probe(failure))"])

        rig.controller.activate(ids[0])
        #expect(rig.backend.makePlayerCalls == 0, "a file that failed probing is not played")
        #expect(rig.controller.policy.playing == nil)
        #expect(rig.terminal.lines.count == 2, "the reason is repeated on the terminal")
    }

    @Test func damagedFileProbesWithAWarningShowsItAndStillPlays() async throws {
        let rig = Rig()
        let damage = "cut short at 62 % of its media data (the file ends at byte 6200 of 10000)"
        var info = Self.info
        info.damage = damage
        rig.backend.script("/v/cut.mp4", .success(info))
        rig.backend.script("/v/whole.mp4", .success(Self.info))
        let ids = rig.controller.add(paths: ["/v/cut.mp4", "/v/whole.mp4"])
        try await rig.probed()
        #expect(
            rig.records("probe").first { $0.path == "/v/cut.mp4" }?.jsonLine
                == #"{"event":"probe","t_ms":0,"path":"/v/cut.mp4","duration_ms":61000,"width":1920,"height":1080,"codec":"H.264","audio_codec":"AAC","warning":"\#(damage)"}"#
        )
        #expect(
            rig.records("probe").first { $0.path == "/v/whole.mp4" }?.fields.contains { $0.0 == "warning" } == false,
            "a whole file's probe has no warning")
        #expect(rig.terminal.lines == ["/v/cut.mp4: damaged: \(damage)"])

        let row = try #require(rig.controller.row(for: ids[0]))
        #expect(row.detail == .summary("1:01 · 1920×1080 · H.264 · damaged: \(damage)"))
        #expect(row.isWarning && !row.isError, "damage is a warning: the file plays up to the cut")
        #expect(rig.controller.row(for: ids[1])?.isWarning == false)

        rig.controller.activate(ids[0])
        let player = try #require(rig.backend.player(for: "/v/cut.mp4"))
        player.emit(.playing(positionMs: 0))
        player.emit(.endOfStream)
        #expect(rig.records("finished").map(\.path) == ["/v/cut.mp4"])
        #expect(rig.controller.row(for: ids[0])?.status == .finished)
        #expect(rig.records("error").isEmpty)
    }

    @Test func aNameThatIsNotUTF8IsShownReadablyButLoggedAndOpenedExactly() async throws {
        let rig = Rig()
        // Latin-1 "vidéos/café.mp4", as the scanner maps it: each 0xE9 byte is U+10FFE9.
        let path = "/m/vid\u{10FFE9}os/caf\u{10FFE9}.mp4"
        let gone = "/m/vid\u{10FFE9}os/d\u{10FFE9}j\u{10FFE0} vu.mp4"
        rig.backend.script(path, .success(Self.info))
        rig.backend.script(gone, .failure(.vanished))
        let ids = rig.controller.add(paths: [path, gone])
        try await rig.probed()
        let row = try #require(rig.controller.row(for: ids[0]))
        #expect(row.title == "café.mp4")
        #expect(row.folder == "/m/vidéos")
        #expect(rig.controller.row(for: ids[1])?.title == "déjà vu.mp4")
        // The log keeps the exact path (machine-matchable and reversible); the terminal reads like the row.
        #expect(Set(rig.records("probe").compactMap(\.path)) == [path, gone])
        #expect(rig.terminal.lines == ["/m/vidéos/déjà vu.mp4: \(LogMessage.probe(.vanished))"])
        rig.controller.activate(ids[0])
        #expect(rig.backend.players.last?.path == path, "the player is given the exact path")
    }

    // MARK: Playback

    @Test func everyStartRevealsThePlayingRowEvenWhenItsPlayerIsAlreadyLive() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        rig.controller.activate(b)
        #expect(rig.controller.player(a) != nil, "a is paused, its player live")
        let before = rig.presenter.count(of: .reveal(a))
        rig.controller.activate(a)
        #expect(rig.presenter.count(of: .reveal(a)) == before + 1)
    }

    @Test func activatingCreatesAPlayerAndPlays() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport == [.play])
        #expect(rig.controller.player(a) === player)
        #expect(rig.presenter.views[a] != nil)
        #expect(Array(rig.presenter.calls.suffix(4)) == [.makeVideoView(a), .placeVideoView(a, .row), .refreshRow(a), .reveal(a)])
        #expect(rig.controller.placement(of: a) == .row)
        #expect(rig.controller.row(for: a)?.hasVideoView == true)
        #expect(rig.controller.policy.playing == a)
        #expect(player.output === rig.presenter.views[a])

        player.emit(.playing(positionMs: 0))
        #expect(rig.controller.row(for: a)?.status == .playing)
        #expect(rig.records("play").last?.jsonLine == #"{"event":"play","t_ms":0,"path":"/v/a.mp4","position_ms":0}"#)
        player.positionMs = 40
        player.emit(.firstFrame)
        #expect(
            rig.records("first-frame").last?.jsonLine
                == #"{"event":"first-frame","t_ms":0,"path":"/v/a.mp4","window":"main","position_ms":40}"#)
        rig.controller.activate(a)
        #expect(player.transport == [.play], "activating the playing item again changes nothing")
        #expect(rig.backend.players.count == 1)
    }

    @Test func activatingAnotherPausesTheFirst() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        let first = try #require(rig.backend.player(for: "/v/a.mp4"))
        first.emit(.playing(positionMs: 0))
        rig.controller.activate(b)
        let second = try #require(rig.backend.player(for: "/v/b.mp4"))
        #expect(first.transport == [.play, .pause])
        #expect(second.transport == [.play])
        #expect(rig.controller.policy.playing == b)

        first.emit(.paused(positionMs: 3_000))
        #expect(rig.controller.row(for: a)?.status == .paused)
        #expect(rig.records("pause").last?.jsonLine == #"{"event":"pause","t_ms":0,"path":"/v/a.mp4","position_ms":3000}"#)
        #expect(rig.controller.policy.states[a] == .paused(positionMs: 3_000))

        rig.controller.activate(a)
        #expect(first.transport == [.play, .pause, .play], "a live paused player resumes without seeking")
        #expect(second.transport == [.play, .pause])
        #expect(rig.backend.players.filter(\.isPlaying).map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    }

    @Test func releasedPlayerResumesWhereItWasPaused() async throws {
        let paths = (1...4).map { "/v/\($0).mp4" }
        let rig = try await Rig.ready(paths)
        let first = rig.ids[0]
        rig.controller.activate(first)
        let old = try #require(rig.backend.player(for: paths[0]))
        rig.controller.activate(rig.ids[1])
        old.emit(.paused(positionMs: 4_200))
        rig.controller.activate(rig.ids[2])
        #expect(!old.isClosed, "three players may stay alive")
        rig.controller.activate(rig.ids[3])
        #expect(old.isClosed, "the least recently used player is released")
        #expect(rig.controller.player(first) == nil)
        #expect(rig.presenter.views[first] == nil)
        #expect(rig.presenter.count(of: .dropVideoView(first)) == 1)
        #expect(rig.controller.row(for: first)?.hasVideoView == false)
        #expect(rig.backend.players.filter { !$0.isClosed }.count == 3)

        rig.controller.activate(first)
        let new = try #require(rig.backend.player(for: paths[0]))
        #expect(new !== old)
        #expect(new.transport == [.seek(4_200), .play])
        #expect(try #require(rig.backend.player(for: paths[1])).isClosed, "now the second one is the oldest")
    }

    @Test func releaseKeepsThePlayersLastPositionEvenWithoutAReport() async throws {
        let paths = (1...4).map { "/v/\($0).mp4" }
        let rig = try await Rig.ready(paths)
        rig.controller.activate(rig.ids[0])
        let old = try #require(rig.backend.player(for: paths[0]))
        rig.controller.activate(rig.ids[1])
        old.positionMs = 9_000  // the pause landed but its report has not arrived
        rig.controller.activate(rig.ids[2])
        rig.controller.activate(rig.ids[3])
        #expect(old.isClosed)
        rig.controller.activate(rig.ids[0])
        #expect(try #require(rig.backend.player(for: paths[0])).transport == [.seek(9_000), .play])
    }

    @Test func endOfStreamFinishesTheItem() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 0))
        rig.ticker.now = 61_500
        player.emit(.endOfStream)
        #expect(
            rig.records("finished").last?.jsonLine
                == #"{"event":"finished","t_ms":61500,"path":"/v/a.mp4","position_ms":60000}"#)
        let row = try #require(rig.controller.row(for: a))
        #expect(row.status == .finished)
        #expect(!row.isError)
        #expect(rig.controller.policy.playing == nil)
        #expect(rig.presenter.quitStatus == nil)
        #expect(player.isClosed, "the finished callback releases the player, as the seed's does")
        #expect(rig.controller.player(a) == nil)
        #expect(rig.backend.players.count == 1, "with --on-end stop nothing else starts")

        rig.controller.activate(a)
        #expect(player.transport == [.play, .close])
        #expect(rig.backend.players.count == 2, "playing it again builds a fresh player")
        #expect(rig.backend.players.last?.transport == [.play])
        #expect(rig.controller.row(for: a)?.status == .playing, "the row says Playing from the moment it is asked to play")

        // A window that counts its pictures adds them to the finished line.
        rig.presenter.frames[a] = FrameCounts(shown: 1_795, dropped: 5)
        rig.backend.players.last?.emit(.endOfStream)
        #expect(
            rig.records("finished").last?.jsonLine
                == #"{"event":"finished","t_ms":61500,"path":"/v/a.mp4","position_ms":60000,"frames_shown":1795,"frames_dropped":5}"#)
    }

    @Test func aVideoThatEndsWithoutAPictureFails() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], exitOnEnd: true)
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 0))
        rig.presenter.frames[a] = FrameCounts(shown: 0, dropped: 0)
        player.emit(.endOfStream)
        #expect(rig.records("finished").isEmpty, "no picture is no finish")
        let error = try #require(rig.records("error").last)
        #expect(error.fields.first { $0.0 == "message" }?.1 == .string("\(LogMessage.playback(.noPictures))"))
        #expect(rig.controller.row(for: a)?.isError == true)
        #expect(rig.presenter.quitStatus == 1, "--exit-on-end exits 1 after a video that ended in an error")
    }

    @Test func aVideoWithoutItsDecoderStillFinishesOnItsSound() async throws {
        let rig = Rig(exitOnEnd: true)
        rig.backend.script(
            "/v/a.mp4",
            .success(
                MediaInfo(durationMs: 2000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "Dirac", missingDecoders: ["Dirac"]))
        )
        rig.ids = rig.controller.add(paths: ["/v/a.mp4"])
        try await rig.probed()
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        rig.presenter.frames[rig.ids[0]] = FrameCounts()
        player.emit(.endOfStream)
        #expect(rig.records("finished").count == 1 && rig.records("error").isEmpty, "the row already names the missing decoder")
    }

    @Test func aVideoWhosePicturesWereAllReplacedStillFinishes() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"], exitOnEnd: true)
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        // A minimised window draws nothing, yet the pictures came.
        rig.presenter.frames[a] = FrameCounts(shown: 0, dropped: 40)
        player.emit(.endOfStream)
        #expect(rig.records("finished").count == 1 && rig.records("error").isEmpty)
        #expect(rig.presenter.quitStatus == 0)
    }

    @Test func loopRestartsTheSameVideo() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], onEnd: .loop, exitOnEnd: true)
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.endOfStream)
        player.emit(.endOfStream)
        #expect(player.transport == [.play, .seek(0), .play, .seek(0), .play])
        #expect(rig.records("finished").count == 2)
        #expect(
            rig.controller.row(for: rig.ids[0])?.status == .playing,
            "a loop goes on playing: the pipeline reports no new state, and the row must not go blank")
        #expect(rig.presenter.quitStatus == nil, "--exit-on-end never quits a loop")
        #expect(rig.backend.players.count == 1)
    }

    @Test func onEndNextPlaysTheNextPlayableItem() async throws {
        let rig = Rig(onEnd: .next)
        rig.backend.script("/v/2.mp4", .failure(.empty))
        rig.ids = rig.controller.add(paths: ["/v/1.mp4", "/v/2.mp4", "/v/3.mp4"])
        try await rig.probed()
        let (one, three) = (rig.ids[0], rig.ids[2])
        rig.controller.activate(one)
        let first = try #require(rig.backend.player(for: "/v/1.mp4"))
        first.emit(.endOfStream)
        #expect(rig.controller.row(for: one)?.status == .finished)
        #expect(rig.backend.player(for: "/v/2.mp4") == nil, "the failed file is skipped")
        let third = try #require(rig.backend.player(for: "/v/3.mp4"))
        #expect(third.transport == [.play])
        #expect(rig.controller.policy.playing == three)
        #expect(rig.presenter.calls.contains(.reveal(three)))
        #expect(first.transport == [.play, .close], "the finished player is released")

        third.emit(.endOfStream)
        #expect(rig.controller.row(for: three)?.status == .finished)
        #expect(rig.controller.policy.playing == one, "after the last item the playlist goes on from the first")
        #expect(rig.backend.players.count == 3)
        #expect(rig.presenter.quitStatus == nil)
    }

    @Test(arguments: [OnEnd.stop, .next])
    func exitOnEndQuitsAfterTheLastVideo(onEnd: OnEnd) async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], onEnd: onEnd, exitOnEnd: true)
        rig.controller.activate(rig.ids[0])
        try #require(rig.backend.player(for: "/v/a.mp4")).emit(.endOfStream)
        if onEnd == .next {
            #expect(rig.presenter.quitStatus == nil, "the next video plays first")
            try #require(rig.backend.player(for: "/v/b.mp4")).emit(.endOfStream)
        }
        #expect(rig.presenter.quitStatus == 0)
        #expect(rig.presenter.count(of: .quit(status: 0)) == 1)
    }

    @Test("--exit-on-end quits with status 1 when the last video ends in an error", arguments: [OnEnd.stop, .next, .loop])
    func exitOnEndQuitsAfterAFailure(onEnd: OnEnd) async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], onEnd: onEnd, exitOnEnd: true)
        rig.controller.activate(rig.ids[1])
        try #require(rig.backend.player(for: "/v/b.mp4")).emit(.error(.library("The file was cut short while it was playing.")))
        #expect(rig.controller.row(for: rig.ids[1])?.status.isError == true)
        #expect(rig.presenter.quitStatus == 1, "b is the last video, whatever --on-end says")
        #expect(rig.presenter.count(of: .quit(status: 1)) == 1)
        #expect(rig.presenter.count(of: .quit(status: 0)) == 0)
    }

    @Test func onEndNextSkipsAVideoThatFailsWhilePlaying() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], onEnd: .next, exitOnEnd: true)
        rig.controller.activate(rig.ids[0])
        try #require(rig.backend.player(for: "/v/a.mp4")).emit(.error(.library("Internal data stream error.")))
        #expect(rig.presenter.quitStatus == nil, "the next video plays first")
        let next = try #require(rig.backend.player(for: "/v/b.mp4"))
        #expect(next.transport == [.play])
        next.emit(.endOfStream)
        #expect(rig.presenter.quitStatus == 0, "the last video finished")
    }

    @Test func playerErrorReleasesThePlayer() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.positionMs = 1_250
        player.emit(.error(.library("Internal data stream error.")))
        let said = LogMessage.playback(.library("Internal data stream error."))
        let record = try #require(rig.records("error").last)
        #expect(record.path == "/v/a.mp4" && record.fields.map(\.0) == ["message", "position_ms"])
        #expect(record.fields.first?.1 == .string("\(said)") && record.fields.last?.1 == .int(1250))
        #expect(rig.terminal.lines == ["/v/a.mp4: \(said)"])
        #expect(player.isClosed)
        #expect(rig.controller.player(a) == nil)
        #expect(rig.presenter.views[a] == nil)
        #expect(rig.presenter.calls.contains(.dropVideoView(a)))
        let row = try #require(rig.controller.row(for: a))
        #expect(row.status == .failed(.library("Internal data stream error.")))
        #expect(row.isError)
        #expect(!row.hasVideoView)
        #expect(rig.controller.policy.current == nil)
        #expect(rig.controller.policy.playing == nil)

        let recordCount = rig.log.records.count
        player.emit(.playing(positionMs: 0))
        player.emit(.endOfStream)
        #expect(rig.log.records.count == recordCount, "a closed player's late messages are ignored")

        rig.controller.activate(a)
        let retry = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(retry !== player)
        #expect(retry.transport == [.play])
        #expect(rig.controller.row(for: a)?.status == .playing, "a retry clears the error")
    }

    @Test func unbuildablePipelineIsReportedInTheRow() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        rig.backend.unplayablePaths = ["/v/a.mp4"]
        let a = rig.ids[0]
        rig.controller.activate(a)
        #expect(rig.backend.makePlayerCalls == 1)
        #expect(rig.controller.player(a) == nil)
        #expect(rig.presenter.calls.contains(.makeVideoView(a)))
        #expect(rig.presenter.views[a] == nil, "the view made for it is dropped again")
        let row = try #require(rig.controller.row(for: a))
        #expect(row.status == .failed(.noPipeline))
        #expect(row.isError)
        #expect(rig.controller.policy.playing == nil)
        #expect(rig.controller.policy.live.isEmpty)
    }

    // MARK: View intents

    @Test func fullscreenIntentMovesTheViewAndBack() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.intent(a, .toggleFullscreen)
        #expect(rig.presenter.placementHistory(of: a).isEmpty, "no view, nothing to move")
        rig.controller.activate(a)
        rig.controller.intent(a, .toggleFullscreen)
        #expect(rig.controller.placement(of: a) == .fullscreen)
        #expect(rig.presenter.placements[a] == .fullscreen)
        #expect(
            rig.records("fullscreen").last?.jsonLine
                == #"{"event":"fullscreen","t_ms":0,"path":"/v/a.mp4","on":true,"window":"main"}"#)
        rig.controller.intent(a, .toggleFullscreen)
        #expect(rig.controller.placement(of: a) == .row)
        #expect(
            rig.records("fullscreen").last?.jsonLine
                == #"{"event":"fullscreen","t_ms":0,"path":"/v/a.mp4","on":false,"window":"main"}"#)
        rig.controller.intent(a, .leaveFullscreen)
        #expect(rig.presenter.placementHistory(of: a) == [.row, .fullscreen, .row], "leaving twice moves nothing")
        #expect(rig.records("fullscreen").count == 2)

        rig.controller.intent(a, .toggleFullscreen)
        rig.controller.intent(a, .leaveFullscreen)
        #expect(rig.presenter.placementHistory(of: a) == [.row, .fullscreen, .row, .fullscreen, .row])
    }

    @Test func aRowSaysItsTitleWhatIsKnownAndItsState() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        let idle = try #require(rig.controller.row(for: a))
        guard case .summary(let summary) = idle.detail else { Issue.record("no summary: \(idle.detail)"); return }
        #expect(idle.title == "a.mp4" && !summary.isEmpty && idle.status == .idle)
        rig.controller.activate(a)
        rig.backend.player(for: "/v/a.mp4")?.emit(.playing(positionMs: 0))
        #expect(rig.controller.row(for: a)?.status == .playing)
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        #expect(rig.controller.row(for: a)?.status == .onScreen(name: "Sony Bravia", connector: "HDMI-1"))
    }

    @Test func aRemovalFoundByACheckIsLoggedAndBringsTheVideoHome() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(a)
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"))
        let gone = try #require(ScreenCorrection(reported: [Fixture.laptop, Fixture.tv], now: [Fixture.laptop]))
        rig.controller.screensChanged([Fixture.laptop], correcting: gone)
        #expect(rig.controller.placement(of: a) == .row)
        let logged = try #require(rig.records("screens-reconciled").first)
        #expect(logged.fields.first { $0.0 == "gone" }?.1 == .array([.string("HDMI-1")]))
        #expect(logged.fields.first { $0.0 == "added" }?.1 == .array([]))
        #expect(rig.records("screen-disconnected").count == 1, "the router is told as for any removal")
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.records("screens-reconciled").count == 1, "a report with nothing corrected logs nothing")
    }

    @Test func aFullscreenVideoSentToAScreenComesBackFullscreen() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.screensChanged([Fixture.laptop])
        rig.controller.mainScreenChanged(connector: Fixture.laptop.id.connector)
        rig.controller.activate(a)
        rig.controller.intent(a, .toggleFullscreen)
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"))
        let panel = try #require(rig.controller.row(for: a)?.status)
        #expect(panel == .onScreen(name: "Sony Bravia", connector: "HDMI-1"))
        #expect(!panel.isError)
        #expect(rig.presenter.notices == ["Playing on Sony Bravia"], "a notice says where the video went, once")
        #expect(
            rig.records("fullscreen").map { $0.fields.first { $0.0 == "on" }?.1 } == [.bool(true), .bool(false)],
            "the main window's fullscreen ends when the video leaves it")
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.controller.placement(of: a) == .fullscreen)
        #expect(rig.records("fullscreen").map { $0.fields.first { $0.0 == "on" }?.1 } == [.bool(true), .bool(false), .bool(true)])
        #expect(rig.presenter.placementHistory(of: a) == [.row, .fullscreen, .screen(connector: "HDMI-1"), .fullscreen])

        // Leaving fullscreen while the video is away sends it back to its row next time.
        rig.controller.screensChanged([Fixture.laptop, Fixture.tv])
        rig.controller.intent(a, .leaveFullscreen)
        #expect(rig.controller.placement(of: a) == .screen(connector: "HDMI-1"), "the external screen keeps it")
        rig.controller.screensChanged([Fixture.laptop])
        #expect(rig.controller.placement(of: a) == .row)
        #expect(rig.records("fullscreen").count == 4)
        #expect(rig.presenter.notices == ["Playing on Sony Bravia", "Playing on Sony Bravia"], "coming home needs no notice")
    }

    @Test func scalingAppliesToEveryViewAndIsLogged() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        rig.controller.activate(rig.ids[0])
        rig.controller.intent(rig.ids[0], .setScaling(.fill))
        #expect(rig.presenter.scaling == [.fill])
        #expect(rig.controller.scaling == .fill)
        #expect(rig.records("scaling").last?.jsonLine.contains(#""mode":"fill""#) == true)
    }

    @Test func keyboardSeeksAndVolumeStayInRange() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 3_000))
        rig.controller.intent(a, .seekBy(-5_000))
        #expect(player.transport.last == .seek(0), "never before the start")
        rig.controller.intent(a, .volumeBy(0.5))
        #expect(player.volume == 1, "never above full volume")
        rig.controller.intent(a, .next)
        #expect(rig.controller.policy.playing == rig.ids[1])
    }

    @Test func rememberedPositionsResumeAndPausesAreReported() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        var remembered: [(String, Int, Int)] = []
        rig.controller.memory.resumePosition = { path in path == "/v/a.mp4" ? 42_000 : nil }
        rig.controller.memory.onPositionToRemember = { remembered.append(($0, $1, $2)) }
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport.prefix(2) == [.seek(42_000), .play], "a fresh player starts where it was left")
        player.durationMs = 300_000
        player.emit(.paused(positionMs: 50_000))
        #expect(remembered.count == 1)
        #expect(remembered.first?.0 == "/v/a.mp4" && remembered.first?.1 == 50_000 && remembered.first?.2 == 300_000)
    }

    @Test func probeProgressCountsReadItemsOutOfTheTotal() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        let progress = try #require(rig.presenter.probeProgress)
        #expect(progress.done == 3 && progress.total == 3)
    }

    @Test func theEndLeavesFullscreen() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        rig.controller.intent(a, .toggleFullscreen)
        try #require(rig.controller.player(a) as? FakePlayer).emit(.endOfStream)
        #expect(rig.controller.placement(of: a) == nil, "the view is gone with its player")
        #expect(rig.presenter.placementHistory(of: a) == [.row, .fullscreen, .row])
    }

    @Test func anErrorLeavesFullscreenBeforeDroppingTheView() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.activate(a)
        rig.controller.intent(a, .toggleFullscreen)
        try #require(rig.controller.player(a) as? FakePlayer).emit(.error(.library("gone")))
        #expect(
            Array(
                rig.presenter.calls.filter {
                    if case .placeVideoView = $0 { true } else if case .dropVideoView = $0 { true } else { false }
                }.suffix(2)) == [.placeVideoView(a, .row), .dropVideoView(a)])
        #expect(rig.controller.placement(of: a) == nil)
    }

    /// Known bug: with `--on-end next` the finished video's view stays fullscreen, covering the next one.
    @Test func fullscreenDoesNotStayOnAFinishedVideoWhenTheNextPlays() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"], onEnd: .next)
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        rig.controller.intent(a, .toggleFullscreen)
        try #require(rig.controller.player(a) as? FakePlayer).emit(.endOfStream)
        #expect(rig.controller.policy.playing == b)
        #expect(
            rig.controller.placement(of: a) != .fullscreen,
            "the fullscreen view shows \(a), which finished, while \(b) plays in its row")
    }

    @Test func transportIntentsReachThePlayer() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.intent(a, .togglePlay)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport == [.play], "toggling an idle item plays it")
        rig.controller.intent(a, .seek(12_000))
        rig.controller.intent(a, .volume(0.25))
        rig.controller.intent(a, .toggleMute)
        rig.controller.intent(a, .toggleMute)
        rig.controller.intent(a, .togglePlay)
        #expect(player.commands == [.play, .seek(12_000), .volume(0.25), .muted(true), .muted(false), .pause])
        #expect(rig.controller.policy.playing == nil)
        rig.controller.intent(a, .togglePlay)
        #expect(player.transport.last == .play)
        #expect(rig.controller.policy.playing == a)

        rig.controller.intent(b, .seek(5))
        rig.controller.intent(b, .volume(0))
        rig.controller.intent(b, .toggleMute)
        #expect(rig.backend.players.count == 1, "intents for an item without a player make none")
    }

    @Test("progress is shown four times a second while a video plays, once after a pause, and then no timer runs")
    func progressTimerRunsOnlyWhilePlaying() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.progressTimers.advance(by: 1_000)
        #expect(!rig.controller.isUpdatingProgress && rig.progressTimers.running == 0, "an idle app keeps no timer")
        func shown() -> [PlaybackProgress] {
            rig.presenter.calls.compactMap { if case .showProgress(a, let progress) = $0 { progress } else { nil } }
        }
        rig.controller.activate(a)
        let before = shown().count
        rig.progressTimers.advance(by: 1_000)
        #expect(shown().count - before == 4, "\(shown())")
        #expect(shown().last?.playing == true)
        try #require(rig.backend.player(for: "/v/a.mp4")).positionMs = 2_000
        rig.controller.intent(a, .togglePlay)
        rig.progressTimers.advance(by: 1_000)
        #expect(shown().last == PlaybackProgress(positionMs: 2_000, durationMs: 60_000, playing: false))
        #expect(!rig.controller.isUpdatingProgress && rig.progressTimers.running == 0, "a paused video keeps no timer")
        // A seek while paused is still shown.
        try #require(rig.backend.player(for: "/v/a.mp4")).positionMs = 9_000
        rig.controller.intent(a, .seek(9_000))
        rig.progressTimers.advance(by: 1_000)
        #expect(shown().last?.positionMs == 9_000)
        #expect(rig.progressTimers.running == 0)
    }

    @Test func tickShowsProgressOfLiveViews() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        try #require(rig.backend.player(for: "/v/a.mp4")).positionMs = 1_500
        rig.controller.activate(b)
        rig.controller.intent(b, .volume(0.25))
        rig.controller.intent(b, .toggleMute)
        rig.controller.tick()
        let shown = rig.presenter.calls.filter { if case .showProgress = $0 { true } else { false } }
        // The view learns its sound from the controller too, instead of asking the player.
        #expect(
            Set(shown) == [
                .showProgress(a, PlaybackProgress(positionMs: 1_500, durationMs: 60_000, playing: false)),
                .showProgress(
                    b,
                    PlaybackProgress(
                        positionMs: 0, durationMs: 60_000, playing: true,
                        muted: true, volume: 0.25)),
            ])
    }

    @Test func shutDownClosesEveryPlayer() async throws {
        let rig = try await Rig.ready((1...3).map { "/v/\($0).mp4" })
        for id in rig.ids { rig.controller.activate(id) }
        #expect(rig.backend.players.count == 3)
        rig.controller.shutDown()
        #expect(rig.backend.players.allSatisfy { $0.isClosed })
        #expect(rig.backend.players.allSatisfy { $0.commands.filter { $0 == .close }.count == 1 })
        #expect(rig.presenter.views.isEmpty)
        for id in rig.ids {
            #expect(rig.controller.player(id) == nil)
            #expect(rig.presenter.count(of: .dropVideoView(id)) == 1)
        }
        rig.controller.shutDown()
        #expect(rig.backend.players.allSatisfy { $0.commands.filter { $0 == .close }.count == 1 }, "closing twice is harmless")
    }

    // MARK: Random sessions

    @Test(arguments: 0..<12)
    func randomSessionsKeepOnePlayerPlaying(seed: Int) async throws {
        var random = PolicyRandom(seed: UInt64(seed) &+ 1_000)
        let onEnd = OnEnd.allCases[random.below(3)]
        let rig = Rig(onEnd: onEnd)
        rig.backend.script("/v/3.mp4", .failure(.notMedia(contentType: nil)))
        rig.ids = rig.controller.add(paths: (1...6).map { "/v/\($0).mp4" })
        try await rig.probed()
        for step in 0..<80 {
            let id = rig.ids[random.below(rig.ids.count)]
            let live = rig.backend.players.filter { !$0.isClosed }
            let action: String
            switch random.below(8) {
            case 0, 1, 2:
                action = "activate \(id)"
                rig.controller.activate(id)
            case 3:
                action = "toggle \(id)"
                rig.controller.intent(id, .togglePlay)
            case 4, 5:
                guard let playing = live.first(where: \.isPlaying) else { continue }
                action = "end \(playing.path)"
                playing.emit(.endOfStream)
            case 6:
                guard let paused = live.filter({ !$0.isPlaying }).randomElement(using: &random) else { continue }
                action = "paused report \(paused.path)"
                paused.emit(.paused(positionMs: random.below(60_000)))
            default:
                guard let victim = live.randomElement(using: &random) else { continue }
                action = "error \(victim.path)"
                victim.emit(.error(.library("failure at step \(step)")))
            }
            let context = Comment(rawValue: "seed \(seed) (\(onEnd)) step \(step): \(action)")
            let open = rig.backend.players.filter { !$0.isClosed }
            #expect(open.filter(\.isPlaying).count <= 1, context)
            #expect(open.count <= rig.controller.policy.maxLivePlayers, context)
            #expect(Set(rig.presenter.views.keys) == Set(rig.ids.filter { rig.controller.player($0) != nil }), context)
            for player in open {
                let owner = try #require(rig.controller.library.id(forPath: player.path))
                #expect(rig.controller.player(owner) === player, "an open player belongs to its item; \(context)")
            }
            if let playing = open.first(where: \.isPlaying) {
                #expect(rig.controller.policy.playing == rig.controller.library.id(forPath: playing.path), context)
            }
            #expect(rig.backend.players(for: "/v/3.mp4").isEmpty, "the file that is not media never plays; \(context)")
        }
    }
}

extension PolicyRandom: RandomNumberGenerator {}

/// Lines the controller printed for the terminal, collected from any thread.
final class TerminalLines: Sendable {
    private let collected = Mutex<[String]>([])

    /// Adds a line.
    func append(_ line: String) { collected.withLock { $0.append(line) } }

    /// Every line so far.
    var lines: [String] { collected.withLock { $0 } }
}

/// A clock for the events log that moves only when a test sets it.
@MainActor
final class Ticker {
    var now = 0
}

/// Controllers stay alive as long as the app would, since background work may still be delivering when a test ends.
@MainActor
private var keptControllers: [AppController] = []

/// A controller wired to a fake backend, a fake window and a kept events log.
@MainActor
final class Rig {
    let backend = FakeMediaBackend()
    let presenter = FakePresenter()
    let terminal = TerminalLines()
    let ticker = Ticker()
    let log: EventLog
    let controller: AppController
    var ids: [ItemID] = []

    let timers = ManualTimers()
    /// The progress display's own clock, so counts of `timers` are about grace periods and re-sorts.
    let progressTimers = ManualTimers()

    /// Probes, posters, subtitle reads and search keys: they run only when the rig says, on the main thread. Nil when
    /// the rig was made with `threads`.
    let work: ManualBackgroundQueue?

    /// A rig; `sorting` (default: `work`, or the app's serial queue with `threads`) sorts rows by date, duration or
    /// size. With `threads`, media work runs on worker threads as in the app, for tests of files that block their worker
    /// (`FakeMediaBackend.hold`).
    init(
        onEnd: OnEnd = .stop, exitOnEnd: Bool = false, sorting: BackgroundQueueing? = nil, threads: Bool = false,
        shuffleSeed: UInt64 = 1
    ) {
        let ticker = ticker, terminal = terminal
        log = EventLog(clock: { ticker.now }, keep: true, sink: nil, terminal: { terminal.append($0) })
        let work = threads ? nil : ManualBackgroundQueue()
        self.work = work
        controller = AppController(
            backend: backend, log: log, onEnd: onEnd, exitOnEnd: exitOnEnd, shuffleSeed: shuffleSeed, timers: timers,
            progressTimers: progressTimers, sorting: sorting ?? work, work: work)
        controller.attach(presenter)
        presenter.watch(controller)
        keptControllers.append(controller)
    }

    /// A rig whose library holds `paths`, all probed successfully.
    static func ready(_ paths: [String], onEnd: OnEnd = .stop, exitOnEnd: Bool = false, shuffleSeed: UInt64 = 1) async throws -> Rig {
        let rig = Rig(onEnd: onEnd, exitOnEnd: exitOnEnd, shuffleSeed: shuffleSeed)
        rig.ids = rig.controller.add(paths: paths)
        try await rig.probed()
        // Posters and search keys too: a ready rig has no work left.
        rig.work?.runAll()
        return rig
    }

    /// The kept records named `name`.
    func records(_ name: String) -> [EventRecord] { log.records.filter { $0.name == name } }

    /// Waits until every item's probe result has been delivered.
    func probed() async throws {
        try await eventually("every probe delivered") {
            controller.library.items.allSatisfy { $0.state != .pending }
        }
    }

    /// Runs the waiting media work, and what its results ask for, until `condition` holds; fails when no work is
    /// left and it still does not. With `threads`, polls instead, letting the main queue deliver results.
    func eventually(_ what: String, _ condition: () -> Bool) async throws {
        if let work {
            while !condition() {
                guard work.runNext() else {
                    Issue.record("no work left, and still not: \(what)")
                    throw CancellationError()
                }
            }
            return
        }
        // The bound only turns a hang into a failure: in the full suite the media tiers share the process and the two
        // cores, and a fake probe's result once took longer than five seconds to come back to the main queue.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !condition() {
            guard clock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// The controller pre-rolling the selected row, with fake players and manual time.
@MainActor
struct AppControllerPrerollTests {
    static let dwell = Preroll.dwellMilliseconds
    static let audio = [MediaTrack(id: .audio(0), language: Language(tag: "en"), codec: "AAC", isDefault: true)]

    /// Event names that only a live player may cause.
    static let liveEvents: Set<String> = ["play", "pause", "first-frame", "finished", "error", "tracks", "track"]

    static func field(_ record: EventRecord?, _ name: String) -> JSONValue? {
        record?.fields.first { $0.0 == name }?.1
    }

    @Test func aSettledSelectionMakesExactlyOnePausedPlayerPlacedNowhere() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let a = rig.ids[0]
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell - 1)
        #expect(rig.backend.makePlayerCalls == 0, "nothing before the selection settled")
        rig.timers.advance(by: 1)
        #expect(rig.backend.makePlayerCalls == 1)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport.isEmpty, "left paused where it opens")
        #expect(rig.controller.preroll.phase == .ready(a))
        #expect(rig.controller.player(a) == nil, "not live: rows, MPRIS and routing see nothing")
        #expect(rig.controller.row(for: a)?.hasVideoView == false)
        #expect(rig.presenter.count(of: .makeVideoView(a)) == 1)
        #expect(rig.presenter.placementHistory(of: a).isEmpty, "its view is placed nowhere")
        player.emit(.prerolled(positionMs: 0))
        player.emit(.prerolled(positionMs: 0))
        player.emit(.duration(ms: 60_000))
        let records = rig.records("preroll")
        #expect(records.count == 1, "logged once, when the picture is first held")
        #expect(records.first?.jsonLine == #"{"event":"preroll","t_ms":0,"path":"/v/a.mp4","position_ms":0}"#)
        rig.timers.advance(by: 10 * Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1, "one pre-roll, made once")
    }

    @Test func enterPlaysThePreRolledPlayerFromTheRememberedPosition() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.memory.resumePosition = { $0 == "/v/a.mp4" ? 42_000 : nil }
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport == [.seek(42_000)], "it waits where playing will start")
        player.emit(.tracks(audio: Self.audio, subtitles: []))
        player.emit(.prerolled(positionMs: 42_000))
        #expect(rig.records("tracks").isEmpty, "a pre-roll announces no tracks")
        #expect(Self.field(rig.records("preroll").first, "position_ms") == .int(42_000))

        rig.controller.activate(a)
        #expect(rig.backend.makePlayerCalls == 1, "Enter makes no player")
        #expect(rig.controller.player(a) === player)
        #expect(player.transport == [.seek(42_000), .play], "no second seek to where it already is")
        #expect(rig.presenter.placementHistory(of: a) == [.row])
        #expect(rig.controller.row(for: a)?.hasVideoView == true)
        #expect(rig.controller.preroll.phase == .idle)
        try await rig.eventually("the kept tracks announced") { rig.records("tracks").count == 1 }

        player.emit(.playing(positionMs: 42_000))
        player.emit(.firstFrame)
        #expect(rig.records("play").count == 1, "adopted, its messages are a live player's")
        #expect(Self.field(rig.records("first-frame").first, "window") == .string("main"))
    }

    @Test func aReleasedVideoPreRollsWhereThePolicyKeptIt() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4", "/v/d.mp4"])
        let a = rig.ids[0]
        rig.controller.memory.resumePosition = { _ in 7_000 }
        rig.controller.activate(a)
        let first = try #require(rig.backend.player(for: "/v/a.mp4"))
        rig.controller.intent(a, .togglePlay)
        first.emit(.paused(positionMs: 20_000))
        // A fourth video releases the oldest player; the policy keeps its position.
        for id in rig.ids.dropFirst() { rig.controller.activate(id) }
        #expect(first.isClosed)
        rig.controller.intent(rig.ids[3], .togglePlay)
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell)
        let held = try #require(rig.backend.players(for: "/v/a.mp4").last)
        #expect(held !== first)
        #expect(held.transport == [.seek(20_000)], "where this run left it, over the earlier run's position")
        rig.controller.activate(a)
        #expect(held.transport == [.seek(20_000), .play], "adopted at its start: no second seek")
    }

    @Test func movingTheSelectionDiscardsWithoutRememberingAnything() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        var remembered: [String] = []
        rig.controller.memory.onPositionToRemember = { path, _, _ in remembered.append(path) }
        rig.controller.memory.onTracksToRemember = { path, _ in remembered.append(path) }
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell)
        let first = try #require(rig.backend.player(for: "/v/a.mp4"))
        first.emit(.tracks(audio: Self.audio, subtitles: []))
        first.positionMs = 5_000
        rig.controller.selected(b)
        #expect(first.isClosed)
        #expect(rig.presenter.count(of: .dropVideoView(a)) == 1)
        first.emit(.paused(positionMs: 5_000))
        first.emit(.playing(positionMs: 5_000))
        first.emit(.firstFrame)
        first.emit(.error(.library("late")))
        #expect(remembered.isEmpty, "a discarded pre-roll writes no position and no setting")
        #expect(rig.log.records.filter { Self.liveEvents.contains($0.name) }.isEmpty, "nor logs what a live player would")
        #expect(rig.terminal.lines.isEmpty)
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.players.map(\.path) == ["/v/a.mp4", "/v/b.mp4"])
        #expect(rig.controller.preroll.phase == .ready(b))
    }

    @Test func nothingIsPreparedWhileAVideoPlays() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.activate(a)
        rig.controller.selected(b)
        rig.timers.advance(by: 5 * Self.dwell)
        #expect(rig.backend.players.map(\.path) == ["/v/a.mp4"], "no second pipeline beside the playing one")
        #expect(rig.controller.preroll.phase == .held(b), "selected, not to be pre-rolled")
    }

    @Test func aVideoStartedDuringTheDwellStopsThePreRoll() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.selected(b)
        rig.timers.advance(by: Self.dwell / 2)
        rig.controller.activate(a)
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.players.map(\.path) == ["/v/a.mp4"])
    }

    @Test func playingAnotherVideoDiscardsThePreRollFirst() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.selected(b)
        rig.timers.advance(by: Self.dwell)
        let held = try #require(rig.backend.player(for: "/v/b.mp4"))
        rig.controller.activate(a)
        #expect(held.isClosed)
        #expect(rig.controller.player(b) == nil)
        #expect(rig.backend.player(for: "/v/a.mp4")?.isPlaying == true)
    }

    @Test func holdingDownPreparesOnlyTheLastRow() async throws {
        let paths = (0..<12).map { "/v/\($0).mp4" }
        let rig = try await Rig.ready(paths)
        for index in 0..<paths.count {
            rig.controller.selected(rig.controller.id(at: index))
            // Key repeat: a row every 30 ms, far inside the dwell.
            rig.timers.advance(by: 30)
        }
        #expect(rig.backend.makePlayerCalls == 0)
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1)
        #expect(rig.backend.players.first?.path == rig.controller.id(at: paths.count - 1).flatMap { rig.controller.library.item($0)?.path })
    }

    @Test func aFailedPreRollIsSilentAndEnterOpensTheFileAfresh() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        let a = rig.ids[0]
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell)
        let held = try #require(rig.backend.player(for: "/v/a.mp4"))
        held.emit(.error(.library("no decoder")))
        #expect(held.isClosed)
        #expect(rig.records("error").isEmpty && rig.terminal.lines.isEmpty)
        #expect(rig.controller.preroll.phase == .idle)
        rig.timers.advance(by: 5 * Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1, "the same selection is not tried again")
        rig.controller.activate(a)
        #expect(rig.backend.makePlayerCalls == 2)
        try #require(rig.backend.players.last).emit(.error(.library("no decoder")))
        #expect(rig.records("error").count == 1, "playing it shows the error as always")
    }

    @Test func aRowSelectedWhileItIsReadIsPreRolledOnceItsProbeFinishes() async throws {
        let rig = Rig(threads: true)
        rig.backend.hold(["/v/a.mp4"])
        rig.ids = rig.controller.add(paths: ["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        try await rig.eventually("b probed") { rig.controller.library.item(b)?.state != .pending }
        rig.controller.selected(a)
        rig.timers.advance(by: 10 * Self.dwell)
        #expect(rig.backend.makePlayerCalls == 0, "not before its probe says it has pictures")
        #expect(rig.controller.preroll.phase == .held(a))
        rig.backend.releaseHeld()
        try await rig.probed()
        #expect(rig.controller.preroll.phase == .waiting(a), "the dwell starts when the probe arrives")
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1)
        #expect(rig.backend.player(for: "/v/a.mp4") != nil)
        #expect(rig.controller.preroll.phase == .ready(a))
    }

    @Test func aProbeFinishingAfterTheSelectionMovedOnPreRollsNothing() async throws {
        let rig = Rig(threads: true)
        rig.backend.hold(["/v/a.mp4", "/v/b.mp4"])
        rig.ids = rig.controller.add(paths: ["/v/a.mp4", "/v/b.mp4"])
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.selected(a)
        rig.controller.selected(b)
        rig.controller.selected(nil)
        rig.backend.releaseHeld()
        try await rig.probed()
        rig.timers.advance(by: 10 * Self.dwell)
        #expect(rig.backend.makePlayerCalls == 0, "neither row is selected any more")
        #expect(rig.controller.preroll.phase == .idle)
        rig.controller.selected(a)
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1, "selecting it again pre-rolls it")
    }

    @Test func unplayableOrAudioOnlyRowsAreNotPreRolled() async throws {
        let rig = Rig()
        rig.backend.script("/v/song.ogg", .success(MediaInfo(durationMs: 5_000, audioCodec: "Opus")))
        rig.backend.unplayablePaths = ["/v/a.mp4"]
        rig.ids = rig.controller.add(paths: ["/v/a.mp4", "/v/song.ogg"])
        try await rig.probed()
        rig.controller.selected(rig.ids[1])
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 0, "no pictures, no pre-roll")
        rig.controller.selected(rig.ids[0])
        rig.timers.advance(by: Self.dwell)
        #expect(rig.backend.makePlayerCalls == 1)
        #expect(rig.presenter.count(of: .dropVideoView(rig.ids[0])) == 1, "the view of a pipeline never built goes")
        #expect(rig.records("error").isEmpty)
        #expect(rig.controller.preroll.phase == .idle)
    }

    @Test func removingTheFolderDiscards() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/w/b.mp4"])
        rig.controller.openedFolders(["/v", "/w"])
        rig.controller.selected(rig.ids[0])
        rig.timers.advance(by: Self.dwell)
        let held = try #require(rig.backend.player(for: "/v/a.mp4"))
        rig.controller.removeFolder("/w")
        #expect(!held.isClosed, "another folder's rows leaving do not matter")
        rig.controller.removeFolder("/v")
        #expect(held.isClosed)
        #expect(rig.controller.preroll.phase == .idle)
    }

    @Test func quittingDiscards() async throws {
        let rig = try await Rig.ready(["/v/a.mp4"])
        rig.controller.selected(rig.ids[0])
        rig.timers.advance(by: Self.dwell)
        let held = try #require(rig.backend.player(for: "/v/a.mp4"))
        rig.controller.shutDown()
        #expect(held.isClosed)
        #expect(rig.controller.preroll.phase == .idle)
        #expect(rig.records("pause").isEmpty)
    }
}

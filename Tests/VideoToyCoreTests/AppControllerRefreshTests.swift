import Testing
import VideoToyCore
import VideoToyTesting

/// The controller told that a library folder changed on disk, with a fake backend and a fake window.
@MainActor
struct AppControllerRefreshTests {
    static let paths = ["/v/a.mp4", "/v/b.mp4", "/w/c.mp4"]

    private func refreshRecord(_ rig: Rig) -> String? { rig.records("refresh").last?.jsonLine }

    @Test func aFolderThatIsGoneKeepsItsRowsAndSaysTheFilesAreGone() async throws {
        let rig = try await Rig.ready(Self.paths)
        let (a, b, c) = (rig.ids[0], rig.ids[1], rig.ids[2])
        let callsBefore = rig.presenter.calls.count
        let refresh = rig.controller.folderChanged("/v", present: nil)
        #expect(refresh.gone == [a, b])
        #expect(refreshRecord(rig) == #"{"event":"refresh","t_ms":0,"folder":"/v","added":0,"gone":2,"back":0}"#)
        let gone = rig.records("probe").suffix(2)
        #expect(gone.map(\.path) == ["/v/a.mp4", "/v/b.mp4"])
        #expect(
            gone.allSatisfy { $0.fields.first?.1 == .string("vanished") && $0.fields.last?.1 == .string("\(LogMessage.probe(.vanished))") })
        for id in [a, b] {
            let row = try #require(rig.controller.row(for: id))
            #expect(row.detail == .failed(.vanished) && row.isError)
        }
        #expect(rig.controller.row(for: c)?.isError == false, "another folder's row is untouched")
        #expect(Array(rig.presenter.calls[callsBefore...]) == [.refreshRow(a), .refreshRow(b)], "no reset of the list")
        #expect(rig.terminal.lines.last?.contains("/v: 2 videos are gone: the folder is gone") == true)
        #expect(rig.presenter.probeProgress?.done == 3 && rig.presenter.probeProgress?.total == 3)

        rig.controller.activate(a)
        #expect(rig.backend.makePlayerCalls == 0, "a vanished file is not played")
    }

    @Test func aFolderThatComesBackIsProbedAgainAndPlays() async throws {
        let rig = try await Rig.ready(Self.paths)
        let (a, b) = (rig.ids[0], rig.ids[1])
        rig.controller.folderChanged("/v", present: nil)
        rig.backend.script(
            "/v/a.mp4", .success(MediaInfo(durationMs: 2_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "VP8")))
        let refresh = rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/b.mp4"])
        #expect(refresh.back == [a, b])
        #expect(refreshRecord(rig) == #"{"event":"refresh","t_ms":0,"folder":"/v","added":0,"gone":0,"back":2}"#)
        #expect(rig.controller.row(for: a)?.detail == .reading)
        try await rig.probed()
        #expect(rig.backend.probedPaths.filter { $0 == "/v/a.mp4" }.count == 2)
        #expect(rig.controller.row(for: a)?.detail == .summary("0:02 · 320×240 · VP8"), "the new probe's result is shown")
        rig.controller.activate(a)
        #expect(rig.backend.player(for: "/v/a.mp4")?.isPlaying == true)
    }

    @Test func nothingChangedDoesNothing() async throws {
        let rig = try await Rig.ready(Self.paths)
        let calls = rig.presenter.calls, records = rig.log.records.count, probed = rig.backend.probedPaths.count
        let refresh = rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/b.mp4"])
        #expect(refresh.isEmpty)
        #expect(rig.presenter.calls == calls)
        #expect(rig.log.records.count == records)
        #expect(rig.work?.waiting == 0, "no probe queued")
        #expect(rig.backend.probedPaths.count == probed)
        // A folder that is still gone says nothing the second time.
        rig.controller.folderChanged("/v", present: nil)
        let afterGone = rig.log.records.count
        #expect(rig.controller.folderChanged("/v", present: nil).isEmpty)
        #expect(rig.log.records.count == afterGone)
    }

    @Test func anAddedFileIsInsertedInPlaceWithoutResettingTheList() async throws {
        let rig = try await Rig.ready(Self.paths)
        let refresh = rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/aa.mp4", "/v/b.mp4"])
        let added = try #require(refresh.added.first)
        #expect(rig.controller.id(at: 1) == added)
        #expect(rig.controller.id(at: 2) == rig.ids[1], "b moved down one row, with its id")
        #expect(rig.presenter.insertions == [[1]])
        #expect(rig.presenter.libraryCounts == [3], "the list is not shown afresh")
        #expect(rig.records("library").last?.jsonLine == #"{"event":"library","t_ms":0,"count":4}"#)
        #expect(refreshRecord(rig) == #"{"event":"refresh","t_ms":0,"folder":"/v","added":1,"gone":0,"back":0}"#)
        try await rig.probed()
        #expect(rig.records("probe").last?.path == "/v/aa.mp4")
        #expect(rig.presenter.probeProgress?.done == 4 && rig.presenter.probeProgress?.total == 4)
    }

    @Test func aRenamedFileLeavesAGoneRowAndGetsANewOne() async throws {
        let rig = try await Rig.ready(Self.paths)
        let refresh = rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/z.mp4"])
        #expect(refresh.gone == [rig.ids[1]])
        #expect(refresh.inserted == [3])
        #expect(refreshRecord(rig) == #"{"event":"refresh","t_ms":0,"folder":"/v","added":1,"gone":1,"back":0}"#)
        #expect(rig.terminal.lines.last == "/v: 1 video is gone: moved or deleted; the rows stay until the files are back")
        #expect(rig.controller.library.count == 4)
    }

    @Test func aPlayingItemKeepsPlayingWhenItsFileVanishes() async throws {
        let rig = try await Rig.ready(Self.paths)
        let a = rig.ids[0]
        rig.controller.activate(a)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.playing(positionMs: 0))
        rig.controller.folderChanged("/v", present: ["/v/b.mp4"])
        #expect(!player.isClosed && player.isPlaying)
        #expect(rig.controller.row(for: a)?.hasVideoView == true)
        #expect(rig.controller.row(for: a)?.status == .playing)
        // Its open file still reads: pausing and playing again work.
        rig.controller.intent(a, .togglePlay)
        player.emit(.paused(positionMs: 1_000))
        rig.controller.intent(a, .togglePlay)
        #expect(player.transport == [.play, .pause, .play])
        #expect(rig.backend.players.count == 1)
    }

    @Test func aRewrittenFileIsProbedAgainAndLosesItsOldPoster() async throws {
        let rig = try await Rig.ready(Self.paths)
        let a = rig.ids[0]
        try await rig.eventually("a poster") { rig.controller.row(for: a)?.poster != nil }
        rig.backend.script("/v/a.mp4", .failure(.incomplete(detail: "cut short")))
        let refresh = rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/b.mp4"], changed: ["/v/a.mp4"])
        #expect(refresh.changed == [a])
        #expect(rig.records("refresh").isEmpty, "no row appeared, vanished or came back")
        #expect(rig.controller.row(for: a)?.poster == nil)
        try await rig.probed()
        #expect(rig.controller.row(for: a)?.detail == .failed(.incomplete(detail: "cut short")))
    }

    @Test func probesStillRunningForVanishedFilesAreIgnored() async throws {
        let rig = Rig()
        rig.ids = rig.controller.add(paths: Self.paths)
        // No probe result can arrive before this: results come back when the rig runs the work.
        rig.controller.folderChanged("/v", present: nil)
        #expect(rig.presenter.probeProgress?.done == 2 && rig.presenter.probeProgress?.total == 3)
        try await rig.probed()
        rig.work?.runAll()
        #expect(rig.controller.library.items.filter { $0.path.hasPrefix("/v/") }.allSatisfy { $0.state == .failed(.vanished) })
        #expect(rig.records("probe").filter { $0.jsonLine.contains("duration_ms") }.compactMap(\.path) == ["/w/c.mp4"])
        #expect(rig.presenter.probeProgress?.done == 3)
    }

    @Test func filesThatCannotBeReadAreNoticedOnceWhenReadingIsDone() async throws {
        let rig = Rig()
        rig.backend.script("/v/b.mp4", .failure(.empty))
        rig.backend.script("/v/c.mp4", .failure(.permissionDenied))
        rig.ids = rig.controller.add(paths: ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        try await rig.probed()
        #expect(rig.presenter.notices == ["2 files could not be read"])
        // A later folder change with one more bad file says so again, once.
        rig.backend.script("/v/d.mp4", .failure(.empty))
        rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4", "/v/d.mp4"])
        try await rig.probed()
        #expect(rig.presenter.notices == ["2 files could not be read", "1 file could not be read"])
    }
}

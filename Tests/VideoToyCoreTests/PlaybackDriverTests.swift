import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The playback driver alone, with a fake owner in place of the controller: players made and closed, positions
/// remembered, the progress paced on manual time, the crash journal kept and the placement effects carried out.
@MainActor
struct PlaybackDriverTests {
    @Test func playingMakesAPlayerAtTheRememberedPositionAndTellsTheOwner() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4", "/v/b.mp4"])
        rig.owner.resume["/v/a.mp4"] = 12_000
        rig.driver.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.transport == [.seek(12_000), .play])
        #expect(rig.driver.player(rig.ids[0]) === player)
        #expect(rig.owner.revealed == [rig.ids[0]])
        #expect(rig.owner.changedRows.contains(rig.ids[0]))
        #expect(rig.owner.changes.last == .playback(rig.ids[0]))
        #expect(rig.owner.followed.last?.current == rig.ids[0] && rig.owner.followed.last?.routed == rig.ids[0])
        #expect(rig.owner.starting == [rig.ids[0]], "the pre-roll is asked for its player first")
        #expect(rig.driver.views.placement(of: rig.ids[0]) == .row)
    }

    @Test func aPlayerStartedWhereThePrerollWaitsIsNotSeekedAgain() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        rig.owner.resume["/v/a.mp4"] = 5_000
        rig.owner.heldStart = 5_000
        rig.driver.activate(rig.ids[0])
        #expect(try #require(rig.backend.player(for: "/v/a.mp4")).transport == [.play])
    }

    @Test func aFileThatCannotBeOpenedFailsAndLeavesNoView() {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        rig.backend.unplayablePaths = ["/v/a.mp4"]
        rig.driver.activate(rig.ids[0])
        #expect(rig.driver.player(rig.ids[0]) == nil)
        #expect(rig.presenter.calls.contains(.dropVideoView(rig.ids[0])))
        guard case .failed? = rig.driver.policy.states[rig.ids[0]] else {
            Issue.record("the item failed: \(String(describing: rig.driver.policy.states[rig.ids[0]]))")
            return
        }
        #expect(rig.owner.journals == [["/v/a.mp4"], []], "named before the attempt, cleared after it")
    }

    @Test func aFailedFileIsNotOpenedAndTheTerminalSaysWhy() {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        rig.owner.items[rig.ids[0]]?.state = .failed(.vanished)
        rig.driver.activate(rig.ids[0])
        #expect(rig.backend.makePlayerCalls == 0)
        #expect(rig.terminal.lines == ["/v/a.mp4: \(LogMessage.probe(.vanished))"])
    }

    @Test func progressIsShownWhilePlayingAndStopsWhenPaused() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        #expect(!rig.driver.isUpdatingProgress)
        rig.driver.activate(rig.ids[0])
        rig.driver.showProgressSoon()
        #expect(rig.driver.isUpdatingProgress)
        rig.timers.advance(by: 249)
        #expect(rig.progressShown == 0)
        rig.timers.advance(by: 1)
        #expect(rig.progressShown == 1)
        rig.timers.advance(by: 500)
        #expect(rig.progressShown == 3, "four times a second while playing")
        rig.driver.intent(rig.ids[0], .togglePlay)
        rig.timers.advance(by: 250)
        #expect(rig.progressShown == 4)
        #expect(!rig.driver.isUpdatingProgress, "nothing plays: no timer wakes the app")
        rig.timers.advance(by: 1_000)
        #expect(rig.progressShown == 4)
    }

    @Test(arguments: [
        // (frames shown, dropped, has video) → whether the end counts as a failure
        (0, 0, true, true), (1, 0, true, false), (0, 3, true, false), (0, 0, false, false),
    ])
    func anEndWithoutPicturesIsAFailure(shown: Int, dropped: Int, hasVideo: Bool, fails: Bool) throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        let info = MediaInfo(durationMs: 10_000, videoSize: hasVideo ? PixelSize(width: 640, height: 480) : nil, audioCodec: "AAC")
        rig.owner.items[rig.ids[0]]?.state = .ready(info)
        rig.driver.activate(rig.ids[0])
        rig.presenter.frames[rig.ids[0]] = FrameCounts(shown: shown, dropped: dropped)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.durationMs = 10_000
        player.emit(.endOfStream)
        let state = rig.driver.policy.states[rig.ids[0]]
        if fails {
            #expect(state == .failed(.noPictures))
        } else {
            #expect(state == .finished)
            #expect(rig.owner.positions.last?.path == "/v/a.mp4" && rig.owner.positions.last?.positionMs == 10_000)
        }
    }

    @Test func aPlaylistPassesOverFilesACrashMarked() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"], onEnd: .next)
        rig.driver.useCrashJournal(["/v/b.mp4"])
        #expect(rig.driver.quarantine.isMarked("/v/b.mp4"))
        rig.driver.activate(rig.ids[0])
        try #require(rig.backend.player(for: "/v/a.mp4")).emit(.endOfStream)
        #expect(rig.driver.policy.current == rig.ids[2])
        #expect(rig.backend.player(for: "/v/b.mp4") == nil)
        #expect(rig.owner.journals.first == ["/v/a.mp4", "/v/b.mp4"], "the journal keeps the mark and names the open file")
    }

    @Test func pausingRemembersThePositionAndClosingRemembersItOnce() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4", "/v/b.mp4"])
        // A closed player's duration is gone: the probe's is what the position is remembered against.
        rig.owner.items[rig.ids[0]]?.state = .ready(MediaInfo(durationMs: 9_000, audioCodec: "AAC"))
        rig.driver.activate(rig.ids[0])
        rig.driver.activate(rig.ids[1])
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        player.emit(.paused(positionMs: 4_000))
        #expect(rig.owner.positions.map(\.positionMs) == [4_000])
        player.positionMs = 4_500
        rig.driver.closeAll()
        #expect(player.isClosed)
        #expect(rig.owner.positions.map(\.positionMs) == [4_000, 4_500], "b reported no position, so nothing is remembered for it")
        #expect(rig.driver.player(rig.ids[0]) == nil)
        #expect(rig.driver.views.placement(of: rig.ids[0]) == nil)
        #expect(rig.owner.journals.last == [], "a player closed by the app clears its file from the journal")
    }

    @Test func aViewOnAnExternalScreenSaysWhichScreenByName() throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        rig.driver.activate(rig.ids[0])
        let screen = ScreenID(connector: "HDMI-1", manufacturer: "ACME", model: "Big")
        rig.driver.place(.routed(rig.ids[0], .screen(screen)))
        #expect(rig.presenter.placements[rig.ids[0]] == .screen(connector: "HDMI-1"))
        #expect(rig.presenter.notices == [.playingOn(screen: "screen HDMI-1")])
        rig.driver.intent(rig.ids[0], .toggleFullscreen)
        #expect(rig.driver.views.wantsFullscreen(rig.ids[0]))
    }

    @Test(arguments: [
        (ViewIntent.volume(0.25), 0.25, false), (.volumeBy(-0.5), 0.5, false), (.volumeBy(0.5), 1, false),
        (.toggleMute, 1, true),
    ])
    func volumeIntentsReachThePlayer(intent: ViewIntent, volume: Double, muted: Bool) throws {
        let rig = PlaybackRig(paths: ["/v/a.mp4"])
        rig.driver.activate(rig.ids[0])
        rig.driver.intent(rig.ids[0], intent)
        let player = try #require(rig.backend.player(for: "/v/a.mp4"))
        #expect(player.volume == volume && player.muted == muted)
        #expect(rig.owner.changes.last == .volume(rig.ids[0]))
    }
}

/// A playback driver with a fake owner, backend and window, on manual time.
@MainActor
final class PlaybackRig {
    let backend = FakeMediaBackend()
    let presenter = FakePresenter()
    let timers = ManualTimers()
    let owner: FakePlaybackOwner
    let driver: PlaybackDriver
    let ids: [ItemID]
    let terminal = TerminalLines()
    // The track driver is the playback's port to the tracks; it lives as long as the rig.
    private let tracks: TrackDriver

    init(paths: [String], onEnd: OnEnd = .stop) {
        ids = paths.indices.map { ItemID($0 + 1) }
        owner = FakePlaybackOwner(items: zip(ids, paths).map { LibraryItem(id: $0, path: $1) })
        let terminal = terminal
        let log = EventLog(clock: { 0 }, sink: nil, terminal: { terminal.append($0) })
        tracks = TrackDriver(backend: backend, paths: PathTable(), work: ManualBackgroundQueue(), timers: timers, log: log)
        driver = PlaybackDriver(
            policy: PlaybackPolicy(onEnd: onEnd), backend: backend, tracks: tracks, progressTimers: timers, log: log)
        driver.presenter = presenter
        driver.attach(owner: owner)
        owner.driver = driver
        tracks.attach(owner: owner)
    }

    /// How many progress updates the window was given.
    var progressShown: Int { presenter.calls.filter { if case .showProgress = $0 { true } else { false } }.count }
}

/// The controller's part, recorded: the library's items in list order, remembered positions and the journal.
@MainActor
final class FakePlaybackOwner: PlaybackDriver.Owner, TrackDriver.Owner {
    var items: [ItemID: LibraryItem]
    let order: [ItemID]
    var resume: [String: Int] = [:]
    var heldStart: Int?
    weak var driver: PlaybackDriver?
    private(set) var starting: [ItemID] = []
    private(set) var changes: [AppChange] = []
    private(set) var followed: [(current: ItemID?, routed: ItemID?)] = []
    private(set) var positions: [(path: String, positionMs: Int)] = []
    private(set) var journals: [[String]] = []
    private(set) var changedRows: [ItemID] = []
    private(set) var revealed: [ItemID] = []

    init(items: [LibraryItem]) {
        self.items = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        order = items.map(\.id)
    }

    var memory: AppMemory {
        var memory = AppMemory()
        memory.resumePosition = { [resume] path in resume[path] }
        memory.onPositionToRemember = { [weak self] path, position, _ in self?.positions.append((path, position)) }
        memory.onJournal = { [weak self] paths in self?.journals.append(paths) }
        return memory
    }

    func item(_ id: ItemID) -> LibraryItem? { items[id] }

    func playable(after id: ItemID) -> ItemID? {
        guard let index = order.firstIndex(of: id) else { return nil }
        return order[(index + 1)...].first { items[$0]?.isPlayable == true }
    }

    func screenName(_ connector: String) -> String { "screen \(connector)" }

    func playStarting(_ id: ItemID) -> Int? {
        starting.append(id)
        return heldStart
    }

    func announce(_ change: AppChange) { changes.append(change) }

    func followPolicy(current: ItemID?, routed: ItemID?) { followed.append((current, routed)) }

    func rowChanged(_ id: ItemID) { changedRows.append(id) }

    func reveal(_ id: ItemID) { revealed.append(id) }
    func presentationChanged() {}

    func player(_ id: ItemID) -> MediaPlayer? { driver?.player(id) }

    func isPlaying(_ id: ItemID) -> Bool { driver?.policy.states[id] == .playing }

    func path(of id: ItemID) -> String? { items[id]?.path }

    func rememberedTracks(_ path: String) -> TrackChoice? { nil }

    func rememberTracks(_ path: String, _ choice: TrackChoice) {}
}

extension FakePlaybackOwner {
    /// The presenter's hooks, unused by these tests.
    func playbackProgressed(_ id: ItemID, positionMs: Int, durationMs: Int?) {}

    /// The presenter's hook for a video's end, unused by these tests.
    func playbackEnded(_ id: ItemID) {}
}

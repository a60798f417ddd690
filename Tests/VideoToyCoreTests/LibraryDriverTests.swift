import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The library's books alone, with a fake owner in place of the controller: probe results kept and counted, the
/// reading's progress and notice, searches, and orders sorted on a manual queue and re-sorted on manual time.
@MainActor
struct LibraryDriverTests {
    nonisolated static let info = MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 640, height: 480), videoCodec: "H.264")

    @Test(arguments: [
        // (result, whether the item is still pending) → kept, read as
        (Result<MediaInfo, ProbeFailure>.success(LibraryDriverTests.info), true, true, ProbeState?.some(.ready(LibraryDriverTests.info))),
        (.failure(.vanished), true, true, .failed(.vanished)),
        (.success(LibraryDriverTests.info), false, false, nil),
    ])
    func aProbeResultIsKeptOnlyForAPendingItem(
        result: Result<MediaInfo, ProbeFailure>, pending: Bool, kept: Bool, state: ProbeState?
    ) {
        let rig = LibraryRig(paths: ["/v/a.mp4"])
        let id = rig.ids[0]
        if !pending { rig.owner.read(id, as: .ready(Self.info)) }
        let before = rig.owner.reads.count
        #expect(rig.driver.record(id, result) == kept)
        #expect(rig.driver.readCount == (kept ? 1 : 0))
        #expect(rig.owner.reads.dropFirst(before).map(\.state) == (state.map { [$0] } ?? []))
        // Only a file that reads well changes what MPRIS may show; a failed one changes its row alone.
        #expect(rig.owner.changes == (kept && state?.info != nil ? [.playback(id)] : []))
        #expect(rig.log.records.filter { $0.name == "probe" }.count == (kept ? 1 : 0))
    }

    @Test func theNoticeOfUnreadableFilesComesOnceAllAreRead() {
        let rig = LibraryRig(paths: ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        _ = rig.driver.record(rig.ids[0], .failure(.vanished))
        rig.driver.probesAnswered()
        #expect(rig.presenter.probeProgress?.done == 1 && rig.presenter.probeProgress?.total == 3)
        #expect(rig.presenter.notices.isEmpty, "the notice waits until every file was read")
        _ = rig.driver.record(rig.ids[1], .failure(.vanished))
        _ = rig.driver.record(rig.ids[2], .success(Self.info))
        rig.driver.probesAnswered()
        #expect(rig.presenter.probeProgress?.done == 3)
        #expect(rig.presenter.notices == [.unreadableFiles(count: 2)])
        rig.driver.reportProbeProgress()
        #expect(rig.presenter.notices.count == 1, "said once")
    }

    @Test func recountingFollowsTheLibrary() {
        let rig = LibraryRig(paths: ["/v/a.mp4", "/v/b.mp4"])
        rig.owner.read(rig.ids[0], as: .ready(Self.info))
        rig.driver.recount()
        #expect(rig.driver.readCount == 1)
        rig.owner.add(["/v/c.mp4"])
        rig.driver.recount()
        #expect(rig.driver.readCount == 1)
    }

    @Test func aSearchShowsTheMatchingRowsAndAsksForTheirWork() {
        let rig = LibraryRig(paths: ["/v/apple.mp4", "/v/banana.mp4", "/v/cherry.mp4"])
        rig.driver.prepareSearchKeys(rig.ids)
        #expect(rig.work.waiting == 1, "the keys are made off the main thread")
        rig.work.runAll()
        rig.driver.search("AN")
        #expect(rig.driver.shown.count(in: rig.owner.library) == 1)
        #expect(rig.driver.shown.id(at: 0, in: rig.owner.library) == rig.ids[1])
        #expect(rig.presenter.libraryCounts == [1])
        #expect(rig.owner.rowWork == 1)
        rig.driver.search("an")
        #expect(rig.presenter.libraryCounts == [1], "the same matches again are not shown again")
        rig.driver.search("")
        #expect(rig.driver.shown.count(in: rig.owner.library) == 3)
        #expect(rig.presenter.libraryCounts == [1, 3])
        #expect(rig.owner.relists == [true, true], "each search that changed the rows lists them anew, revealing the selection")
        #expect(rig.log.records.filter { $0.name == "search" }.map { $0.jsonLine.contains(#""count":1"#) } == [true, true, false])
    }

    @Test func aDurationOrderIsSortedOnItsQueueAndAnnouncedWhenShown() {
        let rig = LibraryRig(paths: ["/v/a.mp4", "/v/b.mp4"])
        rig.owner.read(rig.ids[0], as: .ready(MediaInfo(durationMs: 90_000, videoCodec: "H.264")))
        rig.owner.read(rig.ids[1], as: .ready(MediaInfo(durationMs: 30_000, videoCodec: "H.264")))
        rig.driver.sortRows(RowSort(key: .duration, ascending: true))
        #expect(rig.sorting.waiting == 1)
        #expect(rig.owner.changes.isEmpty, "nothing is announced before the rows show the order")
        #expect(rig.driver.shown.id(at: 0, in: rig.owner.library) == rig.ids[0])
        rig.sorting.runAll()
        #expect(rig.owner.changes == [.sort])
        #expect(rig.driver.shown.id(at: 0, in: rig.owner.library) == rig.ids[1])
        rig.driver.sortRows(RowSort(key: .duration, ascending: true))
        #expect(rig.sorting.waiting == 0, "the order chosen already is not sorted again")
    }

    @Test(arguments: [(RowSort.standard, 0), (RowSort(key: .size, ascending: true), 1)])
    func probesReSortAnOrderThatNeedsThemAtMostOnceASecond(sort: RowSort, sorts: Int) {
        let rig = LibraryRig(paths: ["/v/a.mp4", "/v/b.mp4"])
        rig.driver.sortRows(sort)
        rig.sorting.runAll()
        let ran = rig.sorting.ran
        for _ in 0..<5 { rig.driver.probesAnswered() }
        #expect(rig.timers.running == sorts)
        rig.timers.advance(by: 999)
        #expect(rig.sorting.waiting == 0)
        rig.timers.advance(by: 1)
        rig.sorting.runAll()
        #expect(rig.sorting.ran - ran == sorts)
    }
}

/// A library driver with a fake owner and window, on manual queues and manual time.
@MainActor
final class LibraryRig {
    let presenter = FakePresenter()
    let timers = ManualTimers()
    let sorting = ManualBackgroundQueue()
    let work = ManualBackgroundQueue()
    let log = EventLog(clock: { 0 }, keep: true, sink: nil, terminal: { _ in })
    let owner: FakeLibraryOwner
    let driver: LibraryDriver
    let ids: [ItemID]

    init(paths: [String]) {
        owner = FakeLibraryOwner()
        driver = LibraryDriver(sorting: sorting, work: work, timers: timers, log: log)
        driver.presenter = presenter
        driver.attach(owner: owner)
        driver.start(.standard)
        ids = owner.add(paths)
    }
}

/// The controller's part, recorded: the library, what the probes read, the changes announced and the row work asked.
@MainActor
final class FakeLibraryOwner: LibraryDriver.Owner {
    private(set) var library = Library()
    private(set) var reads: [(id: ItemID, state: ProbeState)] = []
    private(set) var changes: [AppChange] = []
    private(set) var rowWork = 0
    private(set) var relists: [Bool] = []

    /// Adds `paths` to the library; returns their ids in the order given.
    @discardableResult
    func add(_ paths: [String]) -> [ItemID] {
        _ = library.merge(LibraryBatch(paths: paths))
        return paths.compactMap { library.id(forPath: $0) }
    }

    func read(_ id: ItemID, as state: ProbeState) {
        library.update(id, state: state)
        reads.append((id, state))
    }

    func announce(_ change: AppChange) { changes.append(change) }

    func requestRowWork() { rowWork += 1 }

    func rowsRelisted(reveal: Bool) { relists.append(reveal) }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// The controller sorting by date, duration or size off the main thread: nothing changes until the sort comes
/// back, the window is told once, and a result made stale meanwhile is dropped and made again.
@MainActor
struct AppControllerSortingTests {
    static let duration = RowSort(key: .duration, ascending: true)

    /// A rig whose sorts wait for `queue`, with videos lasting `durations` seconds (nil: the probe fails).
    static func rig(_ durations: [(String, Int?)], queue: ManualBackgroundQueue) async throws -> Rig {
        let rig = Rig(sorting: queue)
        for (index, (path, seconds)) in durations.enumerated() {
            guard let seconds else {
                rig.backend.script(path, .failure(.empty))
                continue
            }
            var info = MediaInfo(durationMs: seconds * 1000)
            info.file = FileFacts(size: Int64(1000 - index), modified: Int64(index))
            rig.backend.script(path, .success(info))
        }
        rig.ids = rig.controller.add(paths: durations.map(\.0))
        try await rig.probed()
        return rig
    }

    static let paths: [(String, Int?)] = [("/v/alpha.mp4", 30), ("/v/beta.mp4", 10), ("/v/gamma.mp4", 20), ("/w/delta.mp4", 5)]

    /// The names shown, in order.
    static func names(_ rig: Rig) -> [String] {
        (0..<rig.controller.displayCount).compactMap { rig.controller.id(at: $0).flatMap { rig.controller.library.item($0)?.name } }
    }

    @Test func choosingDurationChangesNothingUntilTheSortIsBackThenShowsItOnce() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths, queue: queue)
        var changes: [AppChange] = []
        rig.controller.subscribe { changes.append($0) }
        let told = rig.presenter.libraryCounts.count
        rig.controller.sortRows(Self.duration)
        #expect(rig.records("sort").last?.jsonLine == #"{"event":"sort","t_ms":0,"mode":"duration"}"#)
        #expect(queue.waiting == 1)
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "delta.mp4", "gamma.mp4"], "still by name")
        #expect(rig.presenter.libraryCounts.count == told && !changes.contains(.sort))
        #expect(rig.controller.shown.sort == .standard && rig.controller.shown.chosenSort == Self.duration)
        rig.controller.sortRows(Self.duration)
        #expect(queue.waiting == 1, "the same choice again asks for nothing more")

        queue.runAll()
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4", "gamma.mp4", "alpha.mp4"])
        #expect(rig.presenter.libraryCounts.count == told + 1 && rig.presenter.libraryCounts.last == 4)
        #expect(changes.filter { $0 == .sort }.count == 1 && rig.controller.shown.sort == Self.duration)
        #expect(queue.ran == 1)

        // Probes re-sort through the queue too, a second after the first result.
        rig.backend.script("/v/alpha.mp4", .success(MediaInfo(durationMs: 1_000)))
        rig.controller.folderChanged("/v", present: ["/v/alpha.mp4", "/v/beta.mp4", "/v/gamma.mp4"], changed: ["/v/alpha.mp4"])
        try await rig.probed()
        #expect(queue.waiting == 0)
        rig.timers.advance(by: 1000)
        #expect(queue.waiting == 1 && Self.names(rig).last == "alpha.mp4")
        queue.runAll()
        #expect(Self.names(rig) == ["alpha.mp4", "delta.mp4", "beta.mp4", "gamma.mp4"])
        #expect(changes.filter { $0 == .sort }.count == 1, "a re-sort is no new choice")
    }

    @Test func ordersChosenWhileSortingMakeTheFirstResultStaleAndOnlyTheLastIsShown() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths, queue: queue)
        var changes: [AppChange] = []
        rig.controller.subscribe { changes.append($0) }
        let told = rig.presenter.libraryCounts.count
        rig.controller.sortRows(Self.duration)
        rig.controller.sortRows(RowSort(key: .size, ascending: true))
        rig.controller.sortRows(RowSort(key: .modified, ascending: false))
        #expect(queue.waiting == 1, "one sort at a time")
        queue.runNext()
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "delta.mp4", "gamma.mp4"], "the duration order is dropped")
        #expect(rig.presenter.libraryCounts.count == told && changes.isEmpty)
        #expect(queue.waiting == 1)
        queue.runNext()
        // Added in the order alpha, beta, gamma, delta: the last added has the latest date.
        #expect(Self.names(rig) == ["delta.mp4", "gamma.mp4", "beta.mp4", "alpha.mp4"])
        #expect(rig.presenter.libraryCounts.count == told + 1 && changes == [.sort])
        #expect(queue.ran == 2 && queue.waiting == 0, "three choices, two sorts")

        // A name order while a sort runs is shown at once; the sort's result is dropped.
        rig.controller.sortRows(Self.duration)
        rig.controller.sortRows(RowSort(key: .name, ascending: false))
        #expect(Self.names(rig) == ["gamma.mp4", "delta.mp4", "beta.mp4", "alpha.mp4"])
        queue.runAll()
        #expect(Self.names(rig) == ["gamma.mp4", "delta.mp4", "beta.mp4", "alpha.mp4"])
        #expect(queue.ran == 3 && changes == [.sort, .sort])
    }

    @Test func rowsAddedWhileSortingMakeTheResultStaleAndTheSortIsMadeAgainWithThem() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths, queue: queue)
        rig.controller.sortRows(Self.duration)
        // Its probe waits, so the new row is still unread when the sort is made again.
        rig.backend.hold(["/v/epsilon.mp4"])
        defer { rig.backend.releaseHeld() }
        rig.controller.add(paths: ["/v/epsilon.mp4"])
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "delta.mp4", "epsilon.mp4", "gamma.mp4"])
        let told = rig.presenter.libraryCounts.count
        queue.runNext()
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "delta.mp4", "epsilon.mp4", "gamma.mp4"], "stale: dropped")
        #expect(rig.presenter.libraryCounts.count == told)
        #expect(queue.waiting == 1, "made again from the library as it is now")
        queue.runNext()
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4", "gamma.mp4", "alpha.mp4", "epsilon.mp4"])
        #expect(rig.presenter.libraryCounts.count == told + 1)
    }

    @Test func rowsRemovedWhileSortingMakeTheResultStaleAndTheSortIsMadeAgainWithoutThem() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths, queue: queue)
        rig.controller.openedFolders(["/v", "/w"])
        rig.controller.sortRows(Self.duration)
        rig.controller.removeFolder("/w")
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "gamma.mp4"])
        queue.runNext()
        #expect(Self.names(rig) == ["alpha.mp4", "beta.mp4", "gamma.mp4"], "stale: dropped")
        queue.runAll()
        #expect(Self.names(rig) == ["beta.mp4", "gamma.mp4", "alpha.mp4"])
        #expect(queue.ran == 2)
    }

    @Test func aSearchTypedWhileSortingFiltersTheSortedRows() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths, queue: queue)
        rig.controller.sortRows(Self.duration)
        rig.controller.search("ta")
        #expect(Self.names(rig) == ["beta.mp4", "delta.mp4"], "the matches, by name until the sort is back")
        queue.runAll()
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4"])
        #expect(rig.presenter.libraryCounts.last == 2)
        #expect(queue.ran == 1, "a search does not make the sort stale: it ranks the whole library")
        rig.controller.search("")
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4", "gamma.mp4", "alpha.mp4"])
        rig.controller.search("a")
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4", "gamma.mp4", "alpha.mp4"])
        #expect(queue.ran == 1, "searching under the order sorts nothing")
    }

    @Test func unreadableRowsComeLastInEitherDirection() async throws {
        let queue = ManualBackgroundQueue()
        let rig = try await Self.rig(Self.paths + [("/v/broken.mp4", nil)], queue: queue)
        rig.controller.sortRows(RowSort(key: .duration, ascending: false))
        queue.runAll()
        #expect(Self.names(rig) == ["alpha.mp4", "gamma.mp4", "beta.mp4", "delta.mp4", "broken.mp4"])
        rig.controller.sortRows(Self.duration)
        queue.runAll()
        #expect(Self.names(rig) == ["delta.mp4", "beta.mp4", "gamma.mp4", "alpha.mp4", "broken.mp4"])
    }
}

import Foundation
import Synchronization
import Testing
import VideoToyCore
import VideoToyTesting

/// Synthetic libraries of tens of thousands of paths (no media): the row model's cost must grow with the library,
/// not faster. Work is counted where the code reports it; where only time can tell, a size and ten times that
/// size are timed in the same test (best of three) and compared with a factor far above n log n.
@Suite("Large libraries")
struct LargeLibraryTests {
    /// `n` paths in `folders` folders, named as cameras and exports do, in no particular order.
    static func paths(_ n: Int, folders: Int = 50, seed: UInt64 = 7) -> [String] {
        var random = SeededGenerator(seed: seed)
        let stems = ["IMG_", "clip ", "Holiday ", "lib-", "MVI_", "talk-", "Scene "]
        return (0..<n).map { i in
            let stem = stems[Int.random(in: 0..<stems.count, using: &random)]
            let number = Bool.random(using: &random) ? String(i) : String(format: "%05d", i)
            return "/videos/folder \(i % folders)/\(stem)\(number).mp4"
        }.shuffled(using: &random)
    }

    /// The display order as the library defined it before it kept sort keys: natural order of the lowercased
    /// names by Characters, then the names, then the paths' bytes.
    static func referenceOrder(_ a: String, _ b: String) -> Bool {
        func name(_ path: String) -> String { LibraryItem(id: ItemID(0), path: path).name.lowercased() }
        func natural(_ x: String, _ y: String) -> Bool {
            var (a, b) = (x[...], y[...])
            while let ca = a.first, let cb = b.first {
                if ca.isNumber && cb.isNumber {
                    let da = a.prefix(while: \.isNumber), db = b.prefix(while: \.isNumber)
                    let (ta, tb) = (da.drop(while: { $0 == "0" }), db.drop(while: { $0 == "0" }))
                    if ta.count != tb.count { return ta.count < tb.count }
                    if ta != tb { return ta < tb }
                    a = a.dropFirst(da.count)
                    b = b.dropFirst(db.count)
                } else {
                    if ca != cb { return ca < cb }
                    a = a.dropFirst()
                    b = b.dropFirst()
                }
            }
            return a.isEmpty && !b.isEmpty
        }
        let (na, nb) = (name(a), name(b))
        if natural(na, nb) { return true }
        if natural(nb, na) { return false }
        if na != nb { return na < nb }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Seconds for the fastest of five runs of each, run in turn so that a burst of load elsewhere hits both.
    static func best(_ small: () -> Void, _ large: () -> Void) -> (Double, Double) {
        func time(_ body: () -> Void) -> Double {
            let start = ContinuousClock.now
            body()
            let elapsed = start.duration(to: .now).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }
        var (a, b) = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            a = min(a, time(small))
            b = min(b, time(large))
        }
        return (a, b)
    }

    @Test("The library's order is the one defined by Characters, for ASCII, accented and non-UTF-8 names alike")
    func orderMatchesReference() {
        var paths = Self.paths(3000)
        paths += [
            "/v/café 2.mp4", "/v/cafe\u{301} 10.mp4", "/v/Café 02.mp4", "/v/clip 01.mp4", "/v/clip 1.mp4", "/v/Clip 1.mp4",
            "/w/clip 1.mp4", "/v/\u{10FFE9}t\u{10FFE9}.mp4", "/v/été.mp4", "/v/zz 007 b.mp4", "/v/zz 7 a.mp4", "/v/a\r\nb.mp4",
            "/v/a\rb.mp4", "/v/A.mp4", "/v/a.mp4", "/v/_x.mp4", "/v/~x.mp4", "/v/9.mp4", "/v/10.mp4", "/v/010.mp4",
        ]
        let library = Library(paths: paths)
        #expect(library.items.map(\.path) == paths.sorted(by: Self.referenceOrder))
    }

    @Test("Files added to a large library go in their places, with their display positions reported")
    func mergeIntoLargeLibrary() {
        var library = Library(paths: Self.paths(20_000))
        let dropped = ["/videos/folder 3/clip 12.mp4", "/elsewhere/AAA.mp4", "/videos/folder 1/zzz.mp4", "/videos/folder 9/IMG_777.mp4"]
        let addition = library.merge(LibraryBatch(paths: dropped + [dropped[0]]))
        #expect(library.count == 20_000 + dropped.count)
        #expect(addition.added.count == dropped.count)
        #expect(addition.positions == addition.positions.sorted())
        #expect(addition.positions.map { library.items[$0].id } == addition.added)
        let order = library.items.map(\.path)
        #expect(order == order.sorted(by: Self.referenceOrder))
        // Every position is known by id after the inserts, those before the first new file as well as after.
        let misplaced = library.items.indices.filter { library.index(of: library.items[$0].id) != $0 }
        #expect(misplaced.isEmpty, "\(misplaced.prefix(5))")
        // Adding them again adds nothing.
        #expect(library.merge(LibraryBatch(paths: dropped)).added.isEmpty)
    }

    @Test("Adding a few files to a large library makes a few sort keys; adding many makes at most one per item")
    func mergeWorkIsBounded() {
        for n in [2000, 20_000] {
            var library = Library(paths: Self.paths(n))
            let few = library.merge(LibraryBatch(paths: ["/videos/folder 3/new 1.mp4", "/videos/folder 4/new 2.mp4"]))
            let log2n = Int.bitWidth - n.leadingZeroBitCount
            #expect(few.keysMade <= 2 * (log2n + 1), "n = \(n): \(few.keysMade) keys for 2 files")
            let many = library.merge(LibraryBatch(paths: Self.paths(n / 2, seed: 8).map { $0 + ".new.mp4" }))
            #expect(many.added.count == n / 2)
            #expect(many.keysMade <= library.count - n / 2 + 1, "n = \(n): \(many.keysMade) keys for \(n / 2) files")
        }
    }

    @Test("Listing and refreshing a folder cost about ten times as much for ten times the files")
    func listingGrowsLinearly() {
        let small = Self.paths(2000), large = Self.paths(20_000)
        let list = Self.best({ _ = Library(paths: small) }, { _ = Library(paths: large) })
        let folder = "/videos/folder 3"
        let libraries = (Library(paths: small), Library(paths: large))
        // One file of the folder gone: the refresh compares and walks, and adds nothing (adding is counted above).
        let present = (Array(libraries.0.paths(under: folder).dropFirst()), Array(libraries.1.paths(under: folder).dropFirst()))
        // Each run refreshes its own copy, made beforehand: copying is not what is measured.
        var copies = (Array(repeating: libraries.0, count: 5), Array(repeating: libraries.1, count: 5))
        for k in 0..<5 {
            copies.0[k].update(ItemID(0), state: .pending)
            copies.1[k].update(ItemID(0), state: .pending)
        }
        var (k0, k1) = (0, 0)
        let refresh = Self.best(
            {
                _ = copies.0[k0].refresh(folder: folder, present: present.0)
                k0 += 1
            },
            {
                _ = copies.1[k1].refresh(folder: folder, present: present.1)
                k1 += 1
            })
        // n log n gives about 13 from 2,000 to 20,000, linear 10; anything quadratic gives 100 or more.
        // The slack absorbs a loaded machine taking the thread away from a run of a few milliseconds.
        #expect(list.1 < list.0 * 50 + 0.1, "listing: \(list.0) s for 2,000, \(list.1) s for 20,000")
        #expect(refresh.1 < refresh.0 * 50 + 0.1, "refresh: \(refresh.0) s, \(refresh.1) s")
    }

    @Test("Each keystroke that narrows a search looks only at the rows the last one kept")
    func narrowingSearchExaminesOnlyMatches() {
        let library = Library(paths: Self.paths(20_000))
        var rows = ShownRows()
        var shown = library.count
        for text in ["l", "li", "lib", "lib-", "lib-1", "lib-12", "lib-123"] {
            rows.filter(SearchQuery(text), in: library)
            #expect(rows.itemsExamined == (text == "l" ? library.count : shown), "\(text)")
            let count = rows.count(in: library)
            #expect(count <= shown)
            let expected = library.items.filter { SearchQueryCheck.matches(text, $0) }.map(\.id)
            #expect((0..<count).compactMap { rows.id(at: $0, in: library) } == expected, "\(text)")
            shown = count
        }
        // A word that is no refinement ("lib-124" after "lib-123") looks at the whole library again.
        rows.filter(SearchQuery("lib-124"), in: library)
        #expect(rows.itemsExamined == library.count)
        rows.filter(SearchQuery(""), in: library)
        #expect(rows.count(in: library) == library.count)
    }
}

/// The controller with large synthetic libraries. On the main actor, so kept small: every other controller test
/// waits for results delivered there.
@Suite("Large libraries in the controller")
@MainActor
struct LargeLibraryControllerTests {
    @Test("A large library goes to the window as one list, and its rows are read only when shown")
    func controllerAddsInOneCall() async throws {
        let rig = Rig()
        let paths = LargeLibraryTests.paths(5000)
        let ids = rig.controller.add(paths: paths)
        #expect(ids.count == paths.count)
        #expect(rig.presenter.calls == [.showLibrary(count: paths.count)])
        #expect(rig.controller.displayCount == paths.count)
    }

    @Test("Remembered results are applied in chunks; only the files the cache cannot answer are probed")
    func rememberedResultsSkipProbing() async throws {
        let paths = LargeLibraryTests.paths(3000)
        let backend = RememberingFake(known: Set(paths.enumerated().filter { $0.offset % 4 != 0 }.map(\.element)))
        let presenter = FakePresenter()
        let log = EventLog(clock: { 0 }, keep: true, sink: nil, terminal: { _ in })
        let work = ManualBackgroundQueue()
        let controller = AppController(
            backend: backend, log: log, onEnd: .stop, exitOnEnd: false, timers: ManualTimers(), work: work)
        controller.attach(presenter)
        presenter.watch(controller)
        controller.add(paths: paths)
        work.runAll()
        #expect(!controller.library.items.contains(where: { $0.state == .pending }))
        #expect(backend.probeCount == 750)
        #expect(log.records.count(where: { $0.name == "probe" }) == 3000)
        #expect(backend.largestAsk <= AppController.rememberedChunk)
    }
}

/// The search's rule, spelled out for the tests: every word within the name or the folder, ignoring case.
enum SearchQueryCheck {
    static func matches(_ text: String, _ item: LibraryItem) -> Bool {
        let haystack = (item.name + " " + item.folder).lowercased()
        return text.lowercased().split(separator: " ").allSatisfy { haystack.contains($0) }
    }
}

/// A backend with a probe cache that knows some files.
private final class RememberingFake: RememberingBackend, @unchecked Sendable {
    private let known: Set<String>
    private let state = Mutex((probes: 0, largestAsk: 0))
    private static let info = MediaInfo(durationMs: 1000, videoSize: PixelSize(width: 64, height: 48), videoCodec: "H.264")

    init(known: Set<String>) { self.known = known }

    var probeCount: Int { state.withLock { $0.probes } }
    var largestAsk: Int { state.withLock { $0.largestAsk } }

    @MainActor
    func makePlayer(path: String, output: VideoOutput, onMessage: @escaping @MainActor (PlayerMessage) -> Void) -> MediaPlayer? {
        nil
    }

    func probe(path: String) -> Result<MediaInfo, ProbeFailure> {
        state.withLock { $0.probes += 1 }
        return .success(Self.info)
    }

    func poster(path: String, durationMs: Int?) -> VideoFrame? { nil }
    func sidecars(path: String) -> SidecarSubtitles { SidecarSubtitles() }
    func containerSubtitles(path: String) -> ContainerSubtitles { ContainerSubtitles() }

    func rememberedProbes(_ paths: [String]) -> [Result<MediaInfo, ProbeFailure>?] {
        state.withLock { $0.largestAsk = max($0.largestAsk, paths.count) }
        return paths.map { known.contains($0) ? .success(Self.info) : nil }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// On two cores a decoding poster halves the probing: metadata for the whole library comes before any poster,
/// and posters are made only for the rows on screen and near them.
@MainActor
struct PosterOrderTests {
    @Test("no poster is made while metadata is still pending for rows the user cannot see")
    func metadataForTheWholeLibraryFirst() async throws {
        let rig = Rig(threads: true)
        let paths = (0..<40).map { "/v/clip \(100 + $0).mp4" }
        let onScreen = 4
        // The rows far off screen sit on slow storage: their probes hold both workers until released.
        rig.backend.hold(Set(paths[(onScreen + 1)...]))
        rig.controller.add(paths: paths)
        rig.controller.rowsVisible(0..<onScreen)
        let visible = (0..<onScreen).compactMap { rig.controller.id(at: $0) }
        // A row near the screen, probed and asking for its poster, then scrolled away before the poster started.
        let scrolledAway = try #require(rig.controller.id(at: onScreen))
        #expect(visible.count == onScreen)
        try await rig.eventually("the rows on screen and the one near them probed") {
            (visible + [scrolledAway]).allSatisfy { rig.controller.row(for: $0)?.detail != .reading }
        }
        rig.controller.rowHidden(scrolledAway)
        // A few turns of the main queue let any wrongly started job run.
        for _ in 0..<20 { await Task.yield() }
        #expect(rig.backend.posterRequests.isEmpty, "a poster started while probes of hidden rows were pending")

        rig.backend.releaseHeld()
        try await rig.probed()
        // The rows on screen and those within the reach below them, but for the one that scrolled away.
        let reach = PosterReach().margin
        let nearIDs = (0..<(onScreen + reach)).filter { $0 != onScreen }.compactMap { rig.controller.id(at: $0) }
        try await rig.eventually("posters for the rows on screen and near them") {
            nearIDs.allSatisfy { rig.controller.row(for: $0)?.poster != nil }
        }
        let journal = rig.backend.journal
        let lastProbe = try #require(journal.lastIndex { if case .probe = $0 { true } else { false } })
        let firstPoster = try #require(journal.firstIndex { if case .poster = $0 { true } else { false } })
        #expect(lastProbe < firstPoster, "every probe finished before the first poster: \(journal)")
        let postered = Set(rig.backend.posterRequests.map(\.path))
        let scrolledPath = try #require(rig.controller.library.item(scrolledAway)?.path)
        #expect(!postered.contains(scrolledPath), "the row that scrolled away got a poster nobody sees")
        #expect(postered == Set(nearIDs.compactMap { rig.controller.library.item($0)?.path }))
    }

    @Test("no poster starts while a video asked to play waits for its first picture; they start once it shows", arguments: [false, true])
    func postersWaitForTheFirstFrame(fails: Bool) async throws {
        let paths = (0..<60).map { "/v/clip \(100 + $0).mp4" }
        let rig = try await Rig.ready(paths)
        let asked = rig.backend.posterRequests.count
        let played = try #require(rig.controller.id(at: 0))
        rig.controller.activate(played)
        // Rows scrolled into view while the video starts: their posters wait.
        rig.controller.rowsVisible(40..<44)
        rig.work?.runAll()
        #expect(rig.backend.posterRequests.count == asked, "a poster decoded while the played video had shown nothing")

        let player = try #require(rig.controller.library.item(played).flatMap { rig.backend.player(for: $0.path) })
        // A picture, or an error: either way nobody waits on the player any more.
        player.emit(fails ? .error(.noPictures) : .firstFrame)
        rig.work?.runAll()
        let shown = Set((40..<44).compactMap { rig.controller.id(at: $0) }.compactMap { rig.controller.library.item($0)?.path })
        let postered = Set(rig.backend.posterRequests.dropFirst(asked).map(\.path))
        #expect(postered.isSuperset(of: shown), "\(postered)")
    }

    @Test("posters for rows shown after the library is probed start at once")
    func postersAfterMetadata() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4"])
        rig.controller.rowsVisible(0..<2)
        let ids = (0..<2).compactMap { rig.controller.id(at: $0) }
        try await rig.eventually("both posters") { ids.allSatisfy { rig.controller.row(for: $0)?.poster != nil } }
        #expect(rig.backend.posterRequests.count == 2)
    }

    @Test("a row bound far from the view shows no poster, cached or not, and gets it back when the view comes near")
    func farRowsLetTheirPostersGo() async throws {
        let paths = (0..<60).map { "/v/clip \(100 + $0).mp4" }
        let rig = try await Rig.ready(paths)
        rig.controller.rowsVisible(0..<4)
        let first = try #require(rig.controller.id(at: 0)), far = try #require(rig.controller.id(at: 50))
        try await rig.eventually("the first row's poster") { rig.controller.row(for: first)?.poster != nil }
        #expect(rig.controller.row(for: far)?.poster == nil)
        let farPath = try #require(rig.controller.library.item(far)?.path)
        #expect(!rig.backend.posterRequests.map(\.path).contains(farPath), "no poster is made for a row out of reach")

        let refreshedBefore = rig.presenter.refreshedRows.count
        rig.controller.rowsVisible(48..<52)
        let refreshed = Set(rig.presenter.refreshedRows.dropFirst(refreshedBefore))
        #expect(refreshed.contains(first), "the first row left the reach: shown again, without its poster")
        #expect(rig.controller.row(for: first)?.poster == nil, "out of reach, the cached poster is not handed out")
        #expect(rig.presenter.rows.model(at: 0)?.poster == nil, "the list renders the first row without it")
        try await rig.eventually("the far row's poster") { rig.controller.row(for: far)?.poster != nil }
        #expect(rig.presenter.rows.model(at: 50)?.poster != nil, "the list renders the far row's poster once it is made")
        #expect(rig.presenter.refreshedRows.dropFirst(refreshedBefore).contains(far), "the far row was shown again")

        rig.controller.rowsVisible(0..<4)
        #expect(rig.controller.row(for: first)?.poster != nil, "back in reach, the cached poster shows again at once")
    }

    @Test("the current video gets a poster wherever its row is (MPRIS art); reading one asks for nothing")
    func posterForTheCurrentVideoWhereverTheRowIs() async throws {
        let paths = (0..<60).map { "/v/clip \(100 + $0).mp4" }
        let rig = try await Rig.ready(paths)
        rig.controller.rowsVisible(0..<4)
        try await rig.eventually("the posters near the view") { rig.work?.waiting == 0 }
        let far = try #require(rig.controller.id(at: 55))
        let asked = rig.backend.posterRequests.count
        #expect(rig.controller.poster(for: far) == nil)
        #expect(rig.controller.row(for: far)?.poster == nil)
        #expect(rig.work?.waiting == 0 && rig.backend.posterRequests.count == asked, "a read queued work")
        rig.controller.activate(far)
        // Posters wait for the played video's first picture.
        let path = try #require(rig.controller.library.item(far)?.path)
        try #require(rig.backend.player(for: path)).emit(.firstFrame)
        try await rig.eventually("the far video's poster") { rig.controller.poster(for: far) != nil }
        #expect(rig.controller.row(for: far)?.poster == nil, "its row, out of reach, still shows none")
    }
}

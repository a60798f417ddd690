import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The rows and the selection as the list renders them, kept by `RowsDriver` from an owner that lists items by position.
@MainActor
struct RowsDriverTests {
    /// A list of items in display order whose rows show a version number, counting what the driver asks of it.
    final class Listing: RowsDriver.Owner {
        var order: [ItemID]
        var total: Int
        var versions: [ItemID: Int] = [:]
        var modelsMade = 0
        var published = 0

        init(count: Int) {
            order = (0..<count).map(ItemID.init)
            total = count
        }

        func rowModel(for id: ItemID) -> RowModel? {
            modelsMade += 1
            return RowModel(
                id: id, title: "clip \(id.rawValue)", folder: "/v", detail: .summary("v\(versions[id, default: 0])"), status: .idle,
                isError: false, isWarning: false, poster: nil, hasVideoView: false)
        }

        func displayIndex(of id: ItemID) -> Int? { order.firstIndex(of: id) }

        func id(at position: Int) -> ItemID? { order.indices.contains(position) ? order[position] : nil }

        var listing: (count: Int, total: Int, searching: Bool) { (order.count, total, order.count < total) }

        func rowsChanged() { published += 1 }
    }

    private func driver(_ listing: Listing) -> RowsDriver {
        let driver = RowsDriver()
        driver.attach(owner: listing)
        driver.relist()
        return driver
    }

    /// Checks what the list may rely on: every model held is the row now at its position, as the owner words it; the
    /// window covers the visible rows; the selection's position is its video's.
    private func checkInvariants(_ driver: RowsDriver, _ listing: Listing, visible: Range<Int>, _ step: String) {
        let window = driver.window
        #expect(window.count == listing.order.count, "\(step): count")
        #expect(window.range.lowerBound >= 0 && window.range.upperBound <= window.count, "\(step): range \(window.range)")
        for position in window.range {
            let model = window.model(at: position)
            #expect(model?.id == listing.order[position], "\(step): id at \(position)")
            #expect(model?.detail == .summary("v\(listing.versions[listing.order[position], default: 0])"), "\(step): model at \(position)")
        }
        let shownVisible = visible.clamped(to: 0..<window.count)
        #expect(shownVisible.isEmpty || window.range.contains(shownVisible.lowerBound), "\(step): visible rows held")
        #expect(shownVisible.isEmpty || window.range.contains(shownVisible.upperBound - 1), "\(step): visible rows held")
        #expect(window.selectedIndex == window.selected.flatMap(listing.displayIndex(of:)), "\(step): selection")
    }

    @Test(
        "the window holds the rows on screen and a margin each way, or the first rows before the list's first layout",
        arguments: [
            (count: 50, visible: 0..<0, expected: 0..<50),
            (count: 1000, visible: 0..<0, expected: 0..<200),
            (count: 1000, visible: 0..<10, expected: 0..<110),
            (count: 1000, visible: 500..<510, expected: 400..<610),
            (count: 1000, visible: 995..<1000, expected: 895..<1000),
            (count: 0, visible: 0..<0, expected: 0..<0),
        ])
    func windowRange(count: Int, visible: Range<Int>, expected: Range<Int>) {
        let listing = Listing(count: count)
        let rows = driver(listing)
        if !visible.isEmpty { rows.show(visible) }
        #expect(rows.window.range == expected)
        checkInvariants(rows, listing, visible: visible, "\(count) rows, \(visible)")
    }

    @Test("scrolling makes models only for the rows that came near the view")
    func scrollingKeepsModels() {
        let listing = Listing(count: 10_000)
        let rows = driver(listing)
        rows.show(1000..<1010)
        let made = listing.modelsMade
        rows.show(1005..<1015)
        #expect(listing.modelsMade - made == 5, "five rows came into the window, five models made")
        let published = listing.published
        rows.show(1005..<1015)
        #expect(listing.published == published, "the same rows again change nothing and publish nothing")
    }

    @Test("a changed row is made again only when it is near the view and shows something else")
    func rowChanges() {
        let listing = Listing(count: 1000)
        let rows = driver(listing)
        rows.show(0..<10)
        var published = listing.published
        listing.versions[ItemID(5)] = 1
        rows.rowChanged(ItemID(5))
        #expect(listing.published == published + 1)
        #expect(rows.window.model(at: 5)?.detail == .summary("v1"))
        published = listing.published
        rows.rowChanged(ItemID(5))
        #expect(listing.published == published, "the same model again publishes nothing")
        listing.versions[ItemID(900)] = 1
        rows.rowChanged(ItemID(900))
        #expect(listing.published == published, "a row far from the view publishes nothing")
        #expect(rows.window.model(at: 900) == nil)
    }

    @Test("the selection follows its video when the rows are listed anew, and is brought into view only when asked")
    func selectionFollowsItsVideo() {
        let listing = Listing(count: 100)
        let rows = driver(listing)
        let video = ItemID(40)
        rows.select(video)
        #expect(rows.window.selectedIndex == 40)
        #expect(rows.window.revealCount == 0, "a click selects without scrolling")
        listing.order.reverse()
        rows.relist()
        #expect(rows.window.selected == video && rows.window.selectedIndex == 59)
        #expect(rows.window.revealCount == 0, "a sort keeps the view where it was")
        listing.order = listing.order.filter { $0.rawValue % 2 == 0 }
        rows.relist(reveal: true)
        #expect(rows.window.selectedIndex == listing.order.firstIndex(of: video))
        #expect(rows.window.revealCount == 1, "a search brings the selected row into view")
        listing.order = listing.order.filter { $0 != video }
        rows.relist(reveal: true)
        #expect(rows.window.selected == video && rows.window.selectedIndex == nil, "hidden by a search, remembered")
        #expect(rows.window.revealCount == 1, "nothing to bring into view")
    }

    @Test(
        "keys move the selection from the row selected as shown",
        arguments: [
            (from: nil as Int?, move: SelectionMove.rows(1), to: 0 as Int?),
            (from: nil, move: .rows(-1), to: 19),
            (from: 5, move: .rows(1), to: 6),
            (from: 0, move: .rows(-1), to: 0),
            (from: 5, move: .pages(1), to: 9),
            (from: 18, move: .pages(1), to: 19),
            (from: 7, move: .first, to: 0),
            (from: 7, move: .last, to: 19),
        ])
    func keyMoves(from: Int?, move: SelectionMove, to: Int?) {
        let listing = Listing(count: 20)
        var random = SeededGenerator(seed: 7)
        listing.order.shuffle(using: &random)
        let rows = driver(listing)
        if let from { rows.select(listing.order[from]) }
        let moved = rows.move(move, rowsPerPage: 5)
        #expect(rows.window.selectedIndex == to)
        #expect(moved == to.map { listing.order[$0] })
        #expect(rows.window.revealCount == 1, "a key brings the row into view")
    }

    @Test("keys in an empty list select nothing")
    func keysInAnEmptyList() {
        let listing = Listing(count: 0)
        let rows = driver(listing)
        #expect(rows.move(.rows(1), rowsPerPage: 5) == nil)
        #expect(rows.window.selected == nil && rows.window.revealCount == 0)
    }

    @Test("seeded sequences of scrolls, searches, sorts, changes and selections keep the window true", arguments: 0..<20)
    func randomSequences(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let all = (0..<Int.random(in: 0..<3000, using: &random)).map(ItemID.init)
        let listing = Listing(count: all.count)
        let rows = driver(listing)
        var visible = 0..<0
        for step in 0..<60 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let start = Int.random(in: 0...max(0, listing.order.count), using: &random)
                visible = start..<min(listing.order.count, start + Int.random(in: 1..<20, using: &random))
                if !visible.isEmpty { rows.show(visible) }
            case 1:
                listing.order = all.filter { _ in Bool.random(using: &random) }
                rows.relist(reveal: Bool.random(using: &random))
            case 2:
                listing.order.shuffle(using: &random)
                rows.relist()
            case 3:
                guard let id = all.randomElement(using: &random) else { continue }
                listing.versions[id, default: 0] += 1
                // A change the list would not hear of leaves a stale model: every change is told.
                rows.rowChanged(id)
            case 4:
                rows.select(Bool.random(using: &random) ? all.randomElement(using: &random) : nil)
            default:
                _ = rows.move(.rows(Int.random(in: -30...30, using: &random)), rowsPerPage: 8)
            }
            checkInvariants(
                rows, listing, visible: visible.isEmpty || rows.window.range.isEmpty ? 0..<0 : visible, "seed \(seed) step \(step)")
        }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// Date, duration and size orders made off the main thread: the same order as one made in place, results dropped
/// once stale, and work that grows as n log n where the sort runs and linearly where the rows are shown.
@Suite("Row rankings")
struct RowRankingTests {
    /// Every order that needs a ranking, both ways.
    static let valueSorts = RowSort.Key.allCases.filter { $0 != .name }.flatMap { key in
        [RowSort(key: key, ascending: true), RowSort(key: key, ascending: false)]
    }

    /// The value `sort` compares `item` by, read from its probe result as the user sees it.
    static func value(_ item: LibraryItem, _ key: RowSort.Key) -> Int64? {
        guard case .ready(let info) = item.state else { return nil }
        switch key {
        case .name: return nil
        case .modified: return info.file?.modified
        case .duration: return info.durationMs.map(Int64.init)
        case .size: return info.file?.size
        }
    }

    /// The rows the user should see, spelled out: the search's matches in library order, those with a known value
    /// sorted by it (ties in library order), then the rest in library order.
    static func reference(_ library: Library, _ sort: RowSort, search text: String = "") -> [ItemID] {
        let query = SearchQuery(text)
        let matched = library.items.filter { query.matches(SearchKey($0)) }
        guard sort.needsProbes else { return sort.ascending ? matched.map(\.id) : matched.reversed().map(\.id) }
        let known = matched.enumerated().compactMap { offset, item in value(item, sort.key).map { (offset, $0, item.id) } }
        let ordered = known.sorted { a, b in
            a.1 != b.1 ? (sort.ascending ? a.1 < b.1 : a.1 > b.1) : a.0 < b.0
        }
        return ordered.map(\.2) + matched.filter { value($0, sort.key) == nil }.map(\.id)
    }

    /// The ids shown, in order, checked against the positions the rows report for them.
    static func shown(_ rows: ShownRows, _ library: Library) -> [ItemID] {
        let ids = (0..<rows.count(in: library)).compactMap { rows.id(at: $0, in: library) }
        for (position, id) in ids.enumerated() where rows.index(of: id, in: library) != position {
            Issue.record("\(id) is shown at \(position) but reported at \(String(describing: rows.index(of: id, in: library)))")
        }
        return ids
    }

    /// A probe result with values drawn from few choices, so ties are common, extremes included.
    static func probeState(_ random: inout SeededGenerator) -> ProbeState {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .pending
        case 1: return .failed(.empty)
        default:
            let durations: [Int?] = [nil, 0, 1_000, 1_000, 60_000, 7_200_000, Int(Int32.max)]
            var info = MediaInfo(durationMs: durations.randomElement(using: &random)!)
            if Int.random(in: 0..<5, using: &random) > 0 {
                let sizes: [Int64] = [0, 1, 1, 4_000_000_000, Int64.max]
                let dates: [Int64] = [Int64.min + 1, -86_400, 0, 1_700_000_000, 1_700_000_000, Int64.max]
                info.file = FileFacts(size: sizes.randomElement(using: &random)!, modified: dates.randomElement(using: &random)!)
            }
            return .ready(info)
        }
    }

    /// `count` files in three folders, each probed (or not) at random.
    static func library(_ count: Int, seed: UInt64) -> Library {
        var random = SeededGenerator(seed: seed)
        let stems = ["clip", "Talk", "holiday"]
        var library = Library(paths: (0..<count).map { "/v\($0 % 3)/\(stems[$0 % stems.count]) \($0).mp4" }.shuffled(using: &random))
        for item in library.items { library.update(item.id, state: probeState(&random)) }
        return library
    }

    /// The rows once a sort chosen now has been made by a job and shown.
    static func sortedElsewhere(_ rows: inout ShownRows, _ sort: RowSort, _ library: Library) throws {
        rows.choose(sort, in: library)
        let nextJob = rows.nextSortJob(from: library)
        let job = try #require(nextJob)
        let finished = rows.finish(job.run(), in: library)
        #expect(finished != nil, "nothing made it stale")
    }

    @Test("A sort made by a job shows the order made in place, and the one spelled out", arguments: valueSorts)
    func sameOrderAsInPlace(sort: RowSort) throws {
        for seed in UInt64(1)...30 {
            let library = Self.library(Int(seed * 7 % 120), seed: seed)
            for text in ["", "clip", "v1 talk"] {
                var inPlace = ShownRows()
                inPlace.filter(SearchQuery(text), in: library)
                inPlace.order(sort, in: library)
                var elsewhere = ShownRows()
                elsewhere.filter(SearchQuery(text), in: library)
                try Self.sortedElsewhere(&elsewhere, sort, library)
                let expected = Self.reference(library, sort, search: text)
                #expect(Self.shown(inPlace, library) == expected, "seed \(seed), \"\(text)\"")
                #expect(Self.shown(elsewhere, library) == expected, "seed \(seed), \"\(text)\"")
                #expect(elsewhere.sort == sort && elsewhere.chosenSort == sort)
            }
        }
    }

    @Test(
        "Each order, both ways, through a job; rows whose value is unknown come last in library order",
        arguments: [
            ("duration", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
            ("duration-descending", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("size", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("size-descending", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
            ("modified", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("modified-descending", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
        ])
    func table(sort: String, expected: [String]) throws {
        let (library, _) = SortTests.library()
        var rows = ShownRows()
        try Self.sortedElsewhere(&rows, try #require(RowSort(sort)), library)
        #expect(Self.shown(rows, library).compactMap { library.item($0)?.name } == expected)
    }

    @Test("Extreme and negative values keep their order both ways")
    func extremes() throws {
        var library = Library()
        let dates: [Int64] = [Int64.max, 0, -1, Int64.min + 1, 1, -86_400]
        let ids = library.add(paths: dates.indices.map { "/v/\($0).mp4" })
        for (id, date) in zip(ids, dates) {
            var info = MediaInfo(durationMs: 1000)
            info.file = FileFacts(size: 1, modified: date)
            library.update(id, state: .ready(info))
        }
        for ascending in [true, false] {
            var rows = ShownRows()
            try Self.sortedElsewhere(&rows, RowSort(key: .modified, ascending: ascending), library)
            let shown = Self.shown(rows, library).compactMap { id in zip(ids, dates).first { $0.0 == id }?.1 }
            #expect(shown == dates.sorted(by: ascending ? (<) : (>)))
        }
    }

    @Test("Another order chosen while a job runs: its result is dropped and the newer one is made next")
    func newerChoiceMakesResultStale() throws {
        let library = Self.library(60, seed: 3)
        var rows = ShownRows()
        rows.choose(RowSort(key: .duration, ascending: true), in: library)
        let nextFirst = rows.nextSortJob(from: library)
        let first = try #require(nextFirst)
        rows.choose(RowSort(key: .size, ascending: false), in: library)
        let meanwhile = rows.nextSortJob(from: library)
        #expect(meanwhile == nil, "one job at a time")
        let firstShown = rows.finish(first.run(), in: library)
        #expect(firstShown == nil)
        #expect(Self.shown(rows, library) == library.items.map(\.id), "still by name")
        #expect(rows.sort == .standard && rows.chosenSort == RowSort(key: .size, ascending: false))
        let nextSecond = rows.nextSortJob(from: library)
        let second = try #require(nextSecond)
        #expect(second.sort == RowSort(key: .size, ascending: false))
        let secondShown = rows.finish(second.run(), in: library)
        #expect(secondShown == true)
        #expect(Self.shown(rows, library) == Self.reference(library, RowSort(key: .size, ascending: false)))
        let more = rows.nextSortJob(from: library)
        #expect(more == nil, "nothing more is wanted")

        // Duration, size, then duration again: the first duration job was asked for by an earlier choice.
        rows.choose(RowSort(key: .duration, ascending: true), in: library)
        let nextThird = rows.nextSortJob(from: library)
        let third = try #require(nextThird)
        rows.choose(RowSort(key: .size, ascending: true), in: library)
        rows.choose(RowSort(key: .duration, ascending: true), in: library)
        let thirdShown = rows.finish(third.run(), in: library)
        #expect(thirdShown == nil)
        let nextFourth = rows.nextSortJob(from: library)
        let fourth = try #require(nextFourth)
        let fourthShown = rows.finish(fourth.run(), in: library)
        #expect(fourthShown == true)
        #expect(Self.shown(rows, library) == Self.reference(library, RowSort(key: .duration, ascending: true)))

        // A name order chosen while a job runs is shown at once, and the job's result is dropped.
        rows.choose(RowSort(key: .size, ascending: true), in: library)
        let nextFifth = rows.nextSortJob(from: library)
        let fifth = try #require(nextFifth)
        let byNameChanged = rows.choose(RowSort(key: .name, ascending: false), in: library)
        #expect(byNameChanged)
        #expect(Self.shown(rows, library) == library.items.reversed().map(\.id))
        let fifthShown = rows.finish(fifth.run(), in: library)
        #expect(fifthShown == nil)
        let after = rows.nextSortJob(from: library)
        #expect(after == nil)
    }

    @Test("Rows added or removed while a job runs: its result is dropped and the order is made again from them")
    func libraryChangeMakesResultStale() throws {
        for removing in [false, true] {
            var library = Self.library(80, seed: removing ? 5 : 4)
            var rows = ShownRows()
            rows.choose(RowSort(key: .duration, ascending: true), in: library)
            let nextJob = rows.nextSortJob(from: library)
            let job = try #require(nextJob)
            if removing {
                let gone = Set(library.items.prefix(10).map(\.id))
                library.remove { gone.contains($0.id) }
            } else {
                library.add(paths: ["/v1/aaa.mp4", "/v2/zzz.mp4"])
            }
            rows.update(for: library)
            let byName = Self.shown(rows, library)
            #expect(byName == library.items.map(\.id))
            let staleShown = rows.finish(job.run(), in: library)
            #expect(staleShown == nil)
            #expect(Self.shown(rows, library) == byName)
            let nextAgain = rows.nextSortJob(from: library)
            let again = try #require(nextAgain, "the order is still wanted")
            let againShown = rows.finish(again.run(), in: library)
            #expect(againShown == true)
            #expect(Self.shown(rows, library) == Self.reference(library, RowSort(key: .duration, ascending: true)))
        }
    }

    @Test("An empty library taking a batch built on the loading thread whole is a change too")
    func prebuiltBatchMakesResultStale() throws {
        var library = Library()
        var rows = ShownRows()
        rows.choose(RowSort(key: .size, ascending: true), in: library)
        let nextJob = rows.nextSortJob(from: library)
        let job = try #require(nextJob)
        library.merge(LibraryBatch(paths: ["/v/b.mp4", "/v/a.mp4"], prebuilt: true))
        rows.update(for: library)
        let staleShown = rows.finish(job.run(), in: library)
        #expect(staleShown == nil)
        let nextAgain = rows.nextSortJob(from: library)
        let again = try #require(nextAgain)
        _ = rows.finish(again.run(), in: library)
        #expect(Self.shown(rows, library) == library.items.map(\.id), "nothing probed yet: library order")
        #expect(rows.sort == RowSort(key: .size, ascending: true))
    }

    @Test("A search typed while a job runs: the result is shown filtered by the search in force")
    func searchWhileSorting() throws {
        let library = Self.library(90, seed: 6)
        var rows = ShownRows()
        let sort = RowSort(key: .size, ascending: false)
        rows.choose(sort, in: library)
        let nextJob = rows.nextSortJob(from: library)
        let job = try #require(nextJob)
        rows.filter(SearchQuery("talk"), in: library)
        #expect(Self.shown(rows, library) == Self.reference(library, .standard, search: "talk"))
        let shownNow = rows.finish(job.run(), in: library)
        #expect(shownNow == true)
        #expect(Self.shown(rows, library) == Self.reference(library, sort, search: "talk"))
        rows.filter(SearchQuery("talk 1"), in: library)
        #expect(Self.shown(rows, library) == Self.reference(library, sort, search: "talk 1"))
        rows.filter(SearchQuery(""), in: library)
        #expect(Self.shown(rows, library) == Self.reference(library, sort))
    }

    @Test("New values while a job runs: its result is shown, and one more is made from them")
    func resortWhileSorting() throws {
        var library = Self.library(50, seed: 8)
        var rows = ShownRows()
        let sort = RowSort(key: .duration, ascending: true)
        rows.choose(sort, in: library)
        let nextJob = rows.nextSortJob(from: library)
        let job = try #require(nextJob)
        library.update(library.items[0].id, state: .ready(MediaInfo(durationMs: 5)))
        rows.resort()
        let meanwhile = rows.nextSortJob(from: library)
        #expect(meanwhile == nil, "one job at a time")
        let firstShown = rows.finish(job.run(), in: library)
        #expect(firstShown != nil)
        let nextAgain = rows.nextSortJob(from: library)
        let again = try #require(nextAgain)
        let againShown = rows.finish(again.run(), in: library)
        #expect(againShown != nil)
        #expect(Self.shown(rows, library) == Self.reference(library, sort))
        rows.resort()
        let wanted = rows.nextSortJob(from: library)
        #expect(wanted != nil)
    }

    @Test("Seeded random sequences: rows always match the search, and the order is right whenever no value changed")
    func randomSequences() throws {
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            var library = Self.library(Int.random(in: 0..<60, using: &random), seed: seed)
            var rows = ShownRows()
            var text = ""
            // Probe results so far; those the ranking in force was made from (the order is exact when they agree).
            var (values, valuesRanked, valuesCopied) = (0, 0, 0)
            var job: RowSortJob?
            var added = 0
            for step in 0..<40 {
                switch Int.random(in: 0..<8, using: &random) {
                case 0:
                    let sort = (Self.valueSorts + [.standard, RowSort(key: .name, ascending: false)]).randomElement(using: &random)!
                    rows.choose(sort, in: library)
                case 1:
                    let paths = (0..<Int.random(in: 1...4, using: &random)).map { "/v\($0 % 3)/new \(added + $0).mp4" }
                    added += paths.count
                    library.add(paths: paths)
                    rows.update(for: library)
                case 2:
                    let gone = Set(library.items.filter { _ in Int.random(in: 0..<6, using: &random) == 0 }.map(\.id))
                    library.remove { gone.contains($0.id) }
                    rows.update(for: library)
                case 3:
                    if let item = library.items.randomElement(using: &random) {
                        library.update(item.id, state: Self.probeState(&random))
                        values += 1
                        rows.resort()
                    }
                case 4:
                    text = ["", "clip", "talk 1", "v2", "holiday"].randomElement(using: &random)!
                    rows.filter(SearchQuery(text), in: library)
                case 5:
                    if let running = job {
                        job = nil
                        if rows.finish(running.run(), in: library) != nil { valuesRanked = valuesCopied }
                    }
                default:
                    if job == nil {
                        job = rows.nextSortJob(from: library)
                        valuesCopied = values
                    }
                }
                let shown = Self.shown(rows, library)
                let expected = Self.reference(library, rows.sort, search: text)
                #expect(Set(shown) == Set(expected) && shown.count == expected.count, "seed \(seed), step \(step)")
                if !rows.sort.needsProbes || valuesRanked == values {
                    #expect(shown == expected, "seed \(seed), step \(step): \(rows.sort)")
                }
            }
            // Once every job is done and the order is made again from the values now, it is the one spelled out.
            if let running = job { _ = rows.finish(running.run(), in: library) }
            rows.resort()
            while let next = rows.nextSortJob(from: library) { _ = rows.finish(next.run(), in: library) }
            #expect(Self.shown(rows, library) == Self.reference(library, rows.chosenSort, search: text), "seed \(seed)")
            #expect(rows.sort == rows.chosenSort)
        }
    }

    @Test("Making a ranking reads each value once and makes about n log2 n comparisons; the rows follow changes in one pass")
    func workIsCounted() {
        for n in [5_000, 50_000] {
            let library = Self.library(n, seed: UInt64(n))
            let log2n = Int.bitWidth - n.leadingZeroBitCount
            for sort in [RowSort(key: .duration, ascending: true), RowSort(key: .size, ascending: false)] {
                let ranking = RowRanking(sort, of: library)
                #expect(ranking.valuesRead == n)
                #expect(ranking.comparisons <= 2 * n * log2n, "n = \(n): \(ranking.comparisons) comparisons")
                #expect(ranking.comparisons >= n / 2, "the known values were sorted")
            }
            var rows = ShownRows()
            rows.order(RowSort(key: .duration, ascending: true), in: library)
            var grown = library
            grown.add(paths: ["/v0/new 1.mp4", "/v1/new 2.mp4", "/v2/new 3.mp4"])
            rows.update(for: grown)
            #expect(rows.itemsExamined <= 2 * grown.count, "n = \(n): \(rows.itemsExamined) rows looked at for 3 added")
            let gone = Set(grown.items.prefix(3).map(\.id))
            grown.remove { gone.contains($0.id) }
            rows.update(for: grown)
            #expect(rows.itemsExamined <= grown.count + 3, "n = \(n): \(rows.itemsExamined) rows looked at for 3 removed")
            #expect(Self.shown(rows, grown) == Self.reference(grown, RowSort(key: .duration, ascending: true)))
        }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// Searching the library: folding, matching, and the rows the controller shows while a search is on.
@Suite("Search")
struct SearchTests {
    static func key(_ path: String) -> SearchKey { SearchKey(LibraryItem(id: ItemID(0), path: path)) }

    @Test(
        "Case, accents and word order are ignored; every word must match the name or the folder",
        arguments: [
            ("cafe", "/films/Café de Flore.mp4", true),
            ("CAFÉ", "/films/cafe.mp4", true),
            ("flore cafe", "/films/Café de Flore.mp4", true),
            ("  flore   ", "/films/Café de Flore.mp4", true),
            ("holiday", "/home/ann/Holidays 2024/beach.mkv", true),
            ("beach 2024", "/home/ann/Holidays 2024/beach.mkv", true),
            ("beach 2023", "/home/ann/Holidays 2024/beach.mkv", false),
            ("Ærø", "/trips/ærø ferry.webm", true),
            ("straße", "/Straße/x.mp4", true),
            ("naïve", "/naive.mp4", true),
            ("über", "/ueber.mp4", false),
            ("mp5", "/a.mp4", false),
            ("", "/a.mp4", true),
        ])
    func matching(query: String, path: String, matches: Bool) {
        #expect(SearchQuery(query).matches(Self.key(path)) == matches)
    }

    @Test("Typing that keeps the same rows reports no change, so the list is not rebuilt")
    func unchangedRows() {
        var library = Library()
        _ = library.add(paths: ["/v/clip 1.mp4", "/v/clip 2.mp4", "/v/other.mp4"])
        var rows = ShownRows()
        #expect(rows.filter(SearchQuery("mp4"), in: library) == false, "every row still matches, in the library's order")
        #expect(rows.filter(SearchQuery("c"), in: library) == true)
        #expect(rows.filter(SearchQuery("cl"), in: library) == false)
        #expect(rows.filter(SearchQuery("cli"), in: library) == false)
        #expect(rows.filter(SearchQuery("clip 2"), in: library) == true)
        #expect(rows.filter(SearchQuery(""), in: library) == true)
        #expect(rows.filter(SearchQuery(""), in: library) == false)
    }

    @Test("Keys made ahead, off the main thread, are the ones a search uses; an item's own key is never replaced")
    func keysMadeAhead() throws {
        var library = Library()
        let ids = library.add(paths: ["/v/apple.mp4", "/v/banana.mp4"])
        let (apple, banana) = (try #require(library.item(ids[0])), try #require(library.item(ids[1])))
        var rows = ShownRows()
        // A deliberately wrong key shows which one the search consulted.
        rows.learnKeys([(apple.id, SearchKey(banana))])
        rows.filter(SearchQuery("banana"), in: library)
        #expect(rows.count(in: library) == 2)
        rows.learnKeys([(apple.id, SearchKey(apple))])
        rows.filter(SearchQuery("banana split"), in: library)
        rows.filter(SearchQuery("banana"), in: library)
        #expect(rows.count(in: library) == 2, "a key already known is kept")
    }

    @Test("ASCII names fold the same way whichever path folds them")
    func asciiFolding() {
        for name in ["/A/Clip One.MP4", "/x/  spaced\tout .mkv", "/Videos/2024-05-01 Trip.mov"] {
            let item = LibraryItem(id: ItemID(0), path: name)
            let accented = LibraryItem(id: ItemID(1), path: name + "é")
            // The accented copy goes through Foundation; its key without the last letter must equal the ASCII one.
            #expect(SearchQuery(item.name).matches(SearchKey(accented)))
            #expect(SearchQuery(item.name.uppercased()).matches(SearchKey(item)))
        }
    }

    @Test("A blank query is no search")
    func blank() {
        #expect(SearchQuery("").isEmpty && SearchQuery(" \t ").isEmpty && !SearchQuery("a").isEmpty)
        #expect(SearchQuery("a") != SearchQuery("b"))
    }

    @Test("Display positions map to the matches, in library order, and back")
    func shownRows() {
        var library = Library()
        let ids = library.add(paths: ["/v/cat.mp4", "/v/dog.mp4", "/w/catalogue.mp4", "/w/bird.mp4"])
        var rows = ShownRows()
        #expect(rows.count(in: library) == 4 && rows.id(at: 3, in: library) == library.items[3].id)
        rows.filter(SearchQuery("cat"), in: library)
        #expect(rows.count(in: library) == 2)
        #expect(rows.id(at: 0, in: library).flatMap { library.item($0)?.name } == "cat.mp4")
        #expect(rows.id(at: 1, in: library).flatMap { library.item($0)?.name } == "catalogue.mp4")
        #expect(rows.id(at: 2, in: library) == nil && rows.id(at: -1, in: library) == nil)
        let dog = ids[1]
        #expect(rows.index(of: dog, in: library) == nil, "hidden by the search")
        _ = library.add(paths: ["/v/bobcat.mp4"])
        rows.update(for: library)
        #expect(rows.count(in: library) == 3, "a new file the search matches joins it")
        rows.filter(SearchQuery(""), in: library)
        #expect(rows.count(in: library) == 5 && rows.index(of: dog, in: library) == library.index(of: dog))
    }
}

/// The controller with a search on: what the window is told, what is logged, and that playback carries on.
@MainActor
struct AppControllerSearchTests {
    static let paths = ["/v/Café.mp4", "/v/beach.mp4", "/w/cafe au lait.mp4", "/w/snow.mp4"]

    @Test func aSearchShowsTheMatchesAndSaysSo() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.search("CAFE")
        #expect(rig.controller.displayCount == 2)
        #expect(rig.presenter.libraryCounts.last == 2)
        #expect(rig.records("search").last?.jsonLine.hasPrefix(#"{"event":"search","t_ms":0,"query":"CAFE","count":2,"ms":"#) == true)
        let inLibraryOrder = rig.controller.library.items.map(\.id).filter { [rig.ids[0], rig.ids[2]].contains($0) }
        #expect((0..<2).compactMap { rig.controller.id(at: $0) } == inLibraryOrder)
        rig.controller.search("CAFE")
        #expect(rig.records("search").count == 1, "the same search again changes nothing")
        let shown = rig.presenter.libraryCounts.count
        rig.controller.search("CAF")
        #expect(rig.records("search").count == 2 && rig.presenter.libraryCounts.count == shown, "same rows: the list is left alone")
        rig.controller.search("")
        #expect(rig.controller.displayCount == 4 && rig.presenter.libraryCounts.last == 4)
        #expect(rig.controller.id(at: 1) == rig.controller.library.items[1].id)
    }

    @Test func thePlayingVideoKeepsPlayingWhileItsRowIsHidden() async throws {
        let rig = try await Rig.ready(Self.paths)
        let beach = rig.ids[1]
        rig.controller.activate(beach)
        rig.controller.search("snow")
        #expect(rig.controller.displayIndex(of: beach) == nil)
        #expect(rig.controller.policy.states[beach] == .playing)
        #expect(rig.controller.placement(of: beach) == .row, "its view stays where it was, ready for the row's return")
        #expect(rig.backend.players(for: "/v/beach.mp4").last?.commands.contains(.close) == false)
        rig.controller.search("")
        #expect(rig.controller.displayIndex(of: beach) == rig.controller.library.index(of: beach))
    }

    @Test func filesAddedDuringASearchJoinItWhenTheyMatch() async throws {
        let rig = try await Rig.ready(Self.paths)
        rig.controller.search("cafe")
        rig.controller.add(paths: ["/x/café crème.mp4", "/x/tea.mp4"])
        #expect(rig.controller.displayCount == 3)
        #expect(rig.presenter.libraryCounts.last == 3)
        rig.controller.folderChanged("/y", present: ["/y/more cafe.mp4", "/y/nothing.mp4"])
        #expect(rig.controller.displayCount == 4)
        #expect(rig.controller.library.count == 8)
    }
}

/// Sorting the rows: by name, date, duration and size, both ways, unknown values last.
@Suite("Sort")
struct SortTests {
    static func library() -> (Library, [String: ItemID]) {
        var library = Library()
        let ids = library.add(paths: ["/v/b.mp4", "/v/a.mp4", "/v/c.mp4", "/v/d.mp4"])
        let byName = Dictionary(uniqueKeysWithValues: ids.map { (library.item($0)!.name, $0) })
        // a: long, small, old; b: short, big, new; c: failed; d: not probed yet.
        var a = MediaInfo(durationMs: 9_000)
        a.file = FileFacts(size: 10, modified: 100)
        var b = MediaInfo(durationMs: 1_000)
        b.file = FileFacts(size: 900, modified: 300)
        library.update(byName["a.mp4"]!, state: .ready(a))
        library.update(byName["b.mp4"]!, state: .ready(b))
        library.update(byName["c.mp4"]!, state: .failed(.empty))
        return (library, byName)
    }

    @Test(
        "Each order, both ways; rows whose value is unknown come last in library order",
        arguments: [
            ("name", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("name-descending", ["d.mp4", "c.mp4", "b.mp4", "a.mp4"]),
            ("duration", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
            ("duration-descending", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("size", ["a.mp4", "b.mp4", "c.mp4", "d.mp4"]),
            ("size-descending", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
            ("modified-descending", ["b.mp4", "a.mp4", "c.mp4", "d.mp4"]),
        ])
    func orders(sort: String, expected: [String]) throws {
        let (library, _) = Self.library()
        var rows = ShownRows()
        rows.order(try #require(RowSort(sort)), in: library)
        let names = (0..<rows.count(in: library)).compactMap { rows.id(at: $0, in: library).flatMap { library.item($0)?.name } }
        #expect(names == expected)
        for (position, name) in names.enumerated() {
            #expect(rows.index(of: library.items.first { $0.name == name }!.id, in: library) == position)
        }
    }

    @Test("The settings form round-trips and rejects anything else")
    func parsing() {
        for key in RowSort.Key.allCases {
            for ascending in [true, false] {
                let sort = RowSort(key: key, ascending: ascending)
                #expect(RowSort(sort.description) == sort)
            }
        }
        #expect(RowSort("name") == .standard)
        #expect(RowSort("colour") == nil && RowSort("size-sideways") == nil && RowSort("") == nil)
        #expect(RowSort.standard.needsProbes == false && RowSort(key: .size, ascending: true).needsProbes)
    }

    @Test("A search and a sort together: the matches, in order")
    func searchAndSort() {
        let (library, _) = Self.library()
        var rows = ShownRows()
        rows.filter(SearchQuery("a.mp4"), in: library)
        rows.order(RowSort(key: .duration, ascending: false), in: library)
        #expect(rows.count(in: library) == 1)
        rows.filter(SearchQuery("mp4"), in: library)
        #expect(
            (0..<4).compactMap { rows.id(at: $0, in: library).flatMap { library.item($0)?.name } } == ["a.mp4", "b.mp4", "c.mp4", "d.mp4"])
    }
}

/// The controller sorting: the window told, next following the shown order, probes re-sorting once a second.
@MainActor
struct AppControllerSortTests {
    @Test func nextFollowsTheShownOrderAndProbesResortOnceASecond() async throws {
        let rig = try await Rig.ready(["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"])
        rig.controller.sortRows(RowSort(key: .name, ascending: false))
        #expect(rig.records("sort").last?.jsonLine == #"{"event":"sort","t_ms":0,"mode":"name-descending"}"#)
        let (a, b, c) = (rig.ids[0], rig.ids[1], rig.ids[2])
        #expect(rig.controller.id(at: 0) == c && rig.controller.playable(after: c) == b && rig.controller.playable(before: b) == c)
        #expect(rig.controller.playable(after: a) == nil && rig.controller.firstPlayable == c)
        rig.controller.activate(c)
        rig.controller.intent(c, .next)
        #expect(rig.controller.policy.playing == b, "N goes to the next row shown")

        // A duration order, sorted on the app's queue: every video lasts a minute, so by name.
        rig.controller.sortRows(RowSort(key: .duration, ascending: true))
        try await rig.eventually("the rows sorted by duration") { rig.controller.shown.sort.key == .duration }
        let order = { (0..<3).compactMap { rig.controller.id(at: $0) } }
        #expect(order() == [a, b, c])
        // Results arriving later re-sort the rows, once, a second after the first.
        let shown = rig.presenter.libraryCounts.count
        rig.backend.script("/v/c.mp4", .success(MediaInfo(durationMs: 1_000)))
        rig.controller.folderChanged("/v", present: ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"], changed: ["/v/c.mp4"])
        try await rig.probed()
        #expect(rig.timers.running == 1, "one re-sort is waiting")
        #expect(order() == [a, b, c], "not re-sorted before then")
        rig.timers.advance(by: 1000)
        try await rig.eventually("the rows re-sorted") { order() == [c, a, b] }
        #expect(rig.presenter.libraryCounts.count == shown + 1)
        #expect(rig.timers.running == 0)
    }
}

import Testing
import VideoToyCore

/// Display order, identities and names of library items.
struct LibraryTests {
    private func names(_ library: Library) -> [String] { library.items.map(\.name) }

    @Test func sortsNumbersAsAPersonReadsThem() {
        let library = Library(paths: ["/v/clip 10.mp4", "/v/clip 2.mp4", "/v/clip 1.mp4", "/v/clip 100.mp4", "/v/clip 9.mp4"])
        #expect(names(library) == ["clip 1.mp4", "clip 2.mp4", "clip 9.mp4", "clip 10.mp4", "clip 100.mp4"])
    }

    @Test(arguments: [
        ("clip 2.mp4", "clip 10.mp4"),
        ("a.mp4", "B.mp4"),
        ("Apple.mp4", "banana.mp4"),
        ("take1.mp4", "Take2.mp4"),
        ("ep 9 part 10.mkv", "ep 10 part 1.mkv"),
        ("ep 2 part 2.mkv", "ep 2 part 11.mkv"),
        ("v1.2.mp4", "v1.10.mp4"),
        ("x 007.mp4", "x 12.mp4"),
        ("abc", "abcd"),
        ("99 bottles.mp4", "a.mp4"),
    ])
    func naturalCaseInsensitiveOrder(first: String, second: String) {
        let items = [LibraryItem(id: ItemID(0), path: "/v/" + first), LibraryItem(id: ItemID(1), path: "/v/" + second)]
        #expect(Library.displayOrder(items[0], items[1]))
        #expect(!Library.displayOrder(items[1], items[0]))
        #expect(names(Library(paths: ["/v/" + second, "/v/" + first])) == [first, second])
    }

    @Test func sameNameIsOrderedByFolder() {
        let library = Library(paths: ["/z/clip.mp4", "/a/clip.mp4", "/m/Clip.mp4"])
        #expect(library.items.map(\.path) == ["/a/clip.mp4", "/m/Clip.mp4", "/z/clip.mp4"])
    }

    @Test func namesThatAreCanonicallyEqualAreStillTwoFiles() {
        // Precomposed é and e + combining accent: equal Swift strings, different bytes, two files on Linux.
        let composed = "/v/caf\u{E9}.mp4", decomposed = "/v/cafe\u{301}.mp4"
        var library = Library(paths: [composed, decomposed, composed])
        #expect(library.count == 2)
        #expect(Set(library.items.map { Array($0.path.utf8) }) == [Array(composed.utf8), Array(decomposed.utf8)])
        let ids = [library.id(forPath: composed), library.id(forPath: decomposed)]
        #expect(ids[0] != nil && ids[1] != nil && ids[0] != ids[1])
        #expect(
            Library(paths: [decomposed, composed]).items.map { Array($0.path.utf8) }
                == library.items.map { Array($0.path.utf8) }, "their order does not depend on discovery")
        let refresh = library.refresh(folder: "/v", present: [composed])
        #expect(refresh.gone == [ids[1]!], "only the file whose bytes are missing is gone")
    }

    @Test func orderDoesNotDependOnTheOrderFilesWereFound() {
        let paths = ["/v/clip 10.mp4", "/v/Clip 2.mp4", "/w/clip 2.mp4", "/v/b.mp4", "/v/A.mp4", "/v/a.mp4", "/v/clip 1.mp4"]
        let expected = Library(paths: paths).items.map(\.path)
        var random = PolicyRandom(seed: 7)
        for _ in 0..<20 {
            var shuffled = paths
            for index in shuffled.indices.reversed() where index > 0 {
                shuffled.swapAt(index, random.below(index + 1))
            }
            #expect(Library(paths: shuffled).items.map(\.path) == expected, "from \(shuffled)")
        }
    }

    /// Known bug: "clip 01" and "clip 1" compare as equal names, so the one found first is listed first.
    @Test func leadingZerosDoNotMakeTheOrderDependOnDiscovery() {
        let forward = Library(paths: ["/v/clip 01.mp4", "/v/clip 1.mp4"]).items.map(\.path)
        let backward = Library(paths: ["/v/clip 1.mp4", "/v/clip 01.mp4"]).items.map(\.path)
        #expect(forward == backward)
    }

    @Test func duplicatesAreIgnoredAndKeepTheirID() throws {
        var library = Library()
        let first = library.add(paths: ["/v/a.mp4", "/v/b.mp4"])
        let again = library.add(paths: ["/v/b.mp4", "/v/a.mp4", "/v/a.mp4"])
        #expect(library.count == 2)
        #expect(again == [first[1], first[0], first[0]])
        #expect(Set(first).count == 2)
    }

    /// A batch drops a path found twice wherever the copies are, and keeps one name in many folders and two
    /// spellings of one name (two files), in display order.
    @Test(arguments: [false, true])
    func aBatchDropsRepeatedPathsOnly(prebuilt: Bool) {
        let paths = [
            "/s2/e1.mp4", "/s1/e1.mp4", "/s2/e1.mp4", "/s1/e2.mp4", "/s1/e1.mp4", "/s1/caf\u{E9}.mp4", "/s1/cafe\u{301}.mp4",
            "/s1/caf\u{E9}.mp4",
        ]
        let expected = ["/s1/cafe\u{301}.mp4", "/s1/caf\u{E9}.mp4", "/s1/e1.mp4", "/s2/e1.mp4", "/s1/e2.mp4"]
        let batch = LibraryBatch(paths: paths, prebuilt: prebuilt)
        #expect(batch.count == 5)
        #expect(batch.paths.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
    }

    @Test func idsStayStableWhenItemsAreAddedBefore() throws {
        var library = Library(paths: ["/v/m.mp4", "/v/z.mp4"])
        let m = try #require(library.id(forPath: "/v/m.mp4"))
        let z = try #require(library.id(forPath: "/v/z.mp4"))
        let added = library.add(paths: ["/v/a.mp4", "/v/n.mp4"])
        #expect(library.id(forPath: "/v/m.mp4") == m)
        #expect(library.id(forPath: "/v/z.mp4") == z)
        #expect(!added.contains(m) && !added.contains(z))
        #expect(library.items.map(\.name) == ["a.mp4", "m.mp4", "n.mp4", "z.mp4"])
        // Lookups follow the new display positions.
        #expect(library.index(of: m) == 1)
        #expect(library.index(of: z) == 3)
        #expect(library.item(z)?.path == "/v/z.mp4")
        #expect(library.index(of: added[0]) == 0)
    }

    @Test func unknownIDsFindNothing() {
        let library = Library(paths: ["/v/a.mp4"])
        #expect(library.item(ItemID(42)) == nil)
        #expect(library.index(of: ItemID(42)) == nil)
        #expect(library.id(forPath: "/v/b.mp4") == nil)
        #expect(library.playable(after: ItemID(42)) == nil)
    }

    @Test func updateRecordsTheProbeState() throws {
        var library = Library(paths: ["/v/a.mp4", "/v/b.mp4"])
        let b = try #require(library.id(forPath: "/v/b.mp4"))
        let info = MediaInfo(durationMs: 1_000)
        library.update(b, state: .ready(info))
        #expect(library.item(b)?.state == .ready(info))
        #expect(library.items[0].state == .pending)
        library.update(ItemID(99), state: .failed(.empty))  // ignored
        #expect(library.count == 2)
    }

    @Test func playableAfterSkipsFailedItems() throws {
        var library = Library(paths: ["/v/1.mp4", "/v/2.mp4", "/v/3.mp4", "/v/4.mp4", "/v/5.mp4"])
        let ids = try (1...5).map { try #require(library.id(forPath: "/v/\($0).mp4")) }
        library.update(ids[1], state: .failed(.notMedia(contentType: "text/plain")))
        library.update(ids[2], state: .failed(.empty))
        library.update(ids[3], state: .ready(MediaInfo(durationMs: 10)))
        library.update(ids[4], state: .failed(.vanished))
        #expect(library.playable(after: ids[0]) == ids[3], "skips two failed items")
        #expect(library.playable(after: ids[1]) == ids[3])
        #expect(library.playable(after: ids[3]) == nil, "only failed items follow")
        #expect(library.playable(after: ids[4]) == nil, "the last item has no next")
    }

    @Test func pendingItemsArePlayable() throws {
        let library = Library(paths: ["/v/1.mp4", "/v/2.mp4"])
        let one = try #require(library.id(forPath: "/v/1.mp4"))
        #expect(library.playable(after: one) == library.id(forPath: "/v/2.mp4"))
    }

    @Test(arguments: [
        ("/home/me/Videos/clip.mp4", "clip.mp4", "/home/me/Videos"),
        ("/clip.mp4", "clip.mp4", "/"),
        ("clip.mp4", "clip.mp4", "."),
        ("Videos/clip.mp4", "clip.mp4", "Videos"),
        ("/a b/ü ñ.webm", "ü ñ.webm", "/a b"),
        // Bytes that are not UTF-8 (Latin-1 "é" is 0xE9) are shown read as Windows-1252.
        ("/m\u{10FFE9}dia/caf\u{10FFE9}.mp4", "café.mp4", "/média"),
    ])
    func nameAndFolder(path: String, name: String, folder: String) {
        let item = LibraryItem(id: ItemID(0), path: path)
        #expect(item.name == name)
        #expect(item.folder == folder)
        #expect(item.state == .pending)
    }

    /// The name is the last part that is not empty, found in the path's bytes; with none, the path itself.
    @Test(arguments: [
        ("/v/clip.mp4/", "clip.mp4"), ("/v/clip.mp4//", "clip.mp4"), ("/", "/"), ("//", "//"), ("", ""),
        ("/a0/b1/c2/lib-00001.mp4", "lib-00001.mp4"), ("/x/\u{10FFE9}t\u{10FFE9}.mkv", "été.mkv"), ("/a/b\u{301}", "b\u{301}"),
    ])
    func nameOfOddPaths(path: String, name: String) {
        #expect(LibraryItem(id: ItemID(0), path: path).name == name)
    }

    @Test func onlyFailedItemsAreNotPlayable() {
        var item = LibraryItem(id: ItemID(0), path: "/v/a.mp4")
        #expect(item.isPlayable)
        item.state = .ready(MediaInfo())
        #expect(item.isPlayable)
        item.state = .failed(.permissionDenied)
        #expect(!item.isPlayable)
    }
}

import Testing
import VideoToyCore

/// Reconciling the library with a rescan of one folder: a pure value operation.
struct LibraryRefreshTests {
    /// One rescan of a folder and what it must change.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var folder = "/v"
        /// Items that are already vanished before the rescan.
        var vanished: [String] = []
        let present: [String]?
        var changed: Set<String> = []
        /// Expected: new paths in display order, and their display positions afterwards.
        var added: [String] = []
        var inserted: [Int] = []
        var gone: [String] = []
        var back: [String] = []
        var rewritten: [String] = []
        var testDescription: String { name }
    }

    /// Display order before any rescan: a, b, c, d, x.
    static let start = ["/v/a.mp4", "/w/b.mp4", "/v/c.mp4", "/v/sub/d.mp4", "/va/x.mp4"]
    static let underV = ["/v/a.mp4", "/v/c.mp4", "/v/sub/d.mp4"]

    static let cases: [Case] = [
        Case(name: "nothing changed", present: underV),
        Case(name: "the folder is gone", present: nil, gone: underV),
        Case(name: "the folder is back", vanished: underV, present: underV, back: underV),
        Case(name: "still gone", vanished: underV, present: nil),
        Case(name: "a file added", present: underV + ["/v/b2.mp4"], added: ["/v/b2.mp4"], inserted: [2]),
        Case(
            name: "files added at both ends", present: underV + ["/v/z.mp4", "/v/sub/0.mp4"],
            added: ["/v/sub/0.mp4", "/v/z.mp4"], inserted: [0, 6]),
        Case(name: "a file removed", present: ["/v/a.mp4", "/v/sub/d.mp4"], gone: ["/v/c.mp4"]),
        Case(
            name: "a file renamed", present: ["/v/a.mp4", "/v/cc.mp4", "/v/sub/d.mp4"],
            added: ["/v/cc.mp4"], inserted: [3], gone: ["/v/c.mp4"]),
        Case(
            name: "a file moved into a subfolder", present: ["/v/a.mp4", "/v/sub/c.mp4", "/v/sub/d.mp4"],
            added: ["/v/sub/c.mp4"], inserted: [3], gone: ["/v/c.mp4"]),
        Case(name: "a file rewritten", present: underV, changed: ["/v/c.mp4", "/v/unknown.mp4"], rewritten: ["/v/c.mp4"]),
        Case(
            name: "a vanished file back rewritten is back, once", vanished: ["/v/c.mp4"], present: underV,
            changed: ["/v/c.mp4"], back: ["/v/c.mp4"]),
        Case(name: "a subfolder gone", folder: "/v/sub", present: nil, gone: ["/v/sub/d.mp4"]),
        Case(
            name: "a trailing slash names the same folder", folder: "/v/", present: ["/v/a.mp4"],
            gone: ["/v/c.mp4", "/v/sub/d.mp4"]),
        Case(name: "paths outside the folder are ignored", present: underV + ["/w/e.mp4", "/va/y.mp4"]),
        Case(name: "the root folder holds everything", folder: "/", present: start, changed: []),
        Case(name: "a sibling with a longer name is another folder", folder: "/va", present: [], gone: ["/va/x.mp4"]),
    ]

    @Test(arguments: cases)
    func refresh(_ c: Case) throws {
        var library = Library(paths: Self.start)
        for path in Self.start {
            let id = try #require(library.id(forPath: path))
            library.update(id, state: c.vanished.contains(path) ? .failed(.vanished) : .ready(MediaInfo(durationMs: 1000)))
        }
        let before = library.items
        let result = library.refresh(folder: c.folder, present: c.present, changed: c.changed)

        let id: (String) -> ItemID? = { library.id(forPath: $0) }
        #expect(result.added == c.added.compactMap(id))
        #expect(result.added.count == c.added.count)
        #expect(result.inserted == c.inserted)
        #expect(result.gone == c.gone.compactMap(id))
        #expect(result.back == c.back.compactMap(id))
        #expect(result.changed == c.rewritten.compactMap(id))
        #expect(result.isEmpty == (c.added.isEmpty && c.gone.isEmpty && c.back.isEmpty && c.rewritten.isEmpty))
        #expect(library.count == Self.start.count + c.added.count, "rows are never removed")
        for (position, path) in zip(c.inserted, c.added) { #expect(library.items[position].path == path) }
        for old in before {
            let now = try #require(library.item(old.id), "\(old.path) keeps its id")
            let expected: ProbeState
            if c.gone.contains(old.path) {
                expected = .failed(.vanished)
            } else if c.back.contains(old.path) || c.rewritten.contains(old.path) {
                expected = .pending
            } else {
                expected = old.state
            }
            #expect(now.state == expected, "\(old.path)")
        }
        for path in c.added { #expect(library.id(forPath: path).flatMap(library.item)?.state == .pending) }
        #expect(library.items == library.items.sorted(by: Library.displayOrder))
    }

    @Test func refreshingTwiceWithTheSameScanChangesNothingTheSecondTime() {
        var library = Library(paths: Self.start)
        let present = ["/v/a.mp4", "/v/new.mp4"]
        #expect(!library.refresh(folder: "/v", present: present).isEmpty)
        #expect(library.refresh(folder: "/v", present: present).isEmpty)
        #expect(
            library.refresh(folder: "/v", present: nil).gone.map { library.item($0)?.path } == ["/v/a.mp4", "/v/new.mp4"],
            "c and d were gone already")
        #expect(library.refresh(folder: "/v", present: nil).isEmpty)
    }

    @Test func pathsUnderAFolderAreItsItemsAtAnyDepth() {
        let library = Library(paths: Self.start)
        #expect(library.paths(under: "/v") == ["/v/a.mp4", "/v/c.mp4", "/v/sub/d.mp4"])
        #expect(library.paths(under: "/v/sub/") == ["/v/sub/d.mp4"])
        #expect(library.paths(under: "/va") == ["/va/x.mp4"])
        #expect(library.paths(under: "/nowhere").isEmpty)
        #expect(library.paths(under: "/").count == Self.start.count)
    }
}

import Testing

@testable import VideoToyFiles

/// Where a symbolic link to a folder may lead: only into a folder given to the scan.
@Suite("LibraryScanner roots")
struct LibraryRootsTests {
    @Test("A canonical path is inside the roots when it is one of them or below one, by whole names")
    func containment() {
        let rows: [(roots: [String], path: String, inside: Bool)] = [
            (["/media/films"], "/media/films", true),
            (["/media/films"], "/media/films/2024", true),
            (["/media/films"], "/media/films/2024/summer", true),
            // A sibling whose name starts alike is not inside.
            (["/media/films"], "/media/filmsold", false),
            (["/media/films"], "/media", false),
            (["/media/films"], "/", false),
            (["/media/films", "/home/a/clips"], "/home/a/clips/x", true),
            (["/media/films", "/home/a/clips"], "/home/a", false),
            // The root folder given holds everything.
            (["/"], "/proc", true),
            (["/"], "/", true),
            ([], "/media/films", false),
        ]
        for row in rows {
            #expect(LibraryRoots(row.roots).contains(row.path) == row.inside, "\(row)")
        }
    }

    @Test("Files named like subtitles are told by their extension alone")
    func subtitleNames() {
        let rows: [(name: String, subtitle: Bool)] = [
            ("film.srt", true), ("film.en.vtt", true), ("film.ass", true), ("film.SRT", true),
            ("film.mp4", false), ("srt", false), ("film.srt.txt", false), ("film.", false),
        ]
        for row in rows {
            #expect(FolderEntry.isSubtitle(row.name) == row.subtitle, "\(row)")
        }
    }
}

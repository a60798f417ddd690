import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMedia
import VideoToyMediaTesting
import VideoToyText

@Suite("LibraryScanner")
struct LibraryScannerTests {
    let scanner = LibraryScanner()

    /// Builds a folder tree with videos, non-videos, hidden entries, a FIFO and symlinks (one a loop).
    static func makeTree() throws -> String {
        let root = try Fixtures.newFolder("tree")
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/sub/deeper", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        for name in ["a.mp4", "b.WEBM", "sub/c.mkv", "sub/deeper/d.mov", ".secret.mp4", ".hidden/e.mp4"] {
            try ClipFactory.makeEmpty(at: root + "/" + name)
        }
        try ClipFactory.makeText(at: root + "/notes.txt")
        try ClipFactory.makeText(at: root + "/sub/readme")
        try ClipFactory.makeWrongExtension(at: root + "/sub/mystery.dat", spec: ClipSpec(durationMs: 500))
        mkfifo(root + "/sub/pipe", 0o644)
        mkfifo(root + "/sub/pipe.mp4", 0o644)
        symlink(root, root + "/sub/deeper/loop")
        symlink(root + "/a.mp4", root + "/sub/alias-of-a.mp4")
        symlink(root + "/sub", root + "/sub-link")
        return root
    }

    @Test("Hard links are separate files, each listed; a symlink to a listed file is not")
    func hardLinksAreListed() throws {
        let root = try Fixtures.newFolder("links")
        try ClipFactory.makeEmpty(at: root + "/one.mp4")
        link(root + "/one.mp4", root + "/two.mp4")
        symlink(root + "/one.mp4", root + "/three.mp4")
        #expect(scanner.scan([root]).videos == [root + "/one.mp4", root + "/two.mp4"])
    }

    @Test("Two names that differ only in Unicode normalisation are two files, both listed")
    func canonicallyEqualNames() throws {
        let root = try Fixtures.newFolder("normalisation")
        let composed = root + "/caf\u{E9}.mp4", decomposed = root + "/cafe\u{301}.mp4"
        try ClipFactory.makeEmpty(at: composed)
        try ClipFactory.makeEmpty(at: decomposed)
        let listed = scanner.scan([root]).videos.map { Array($0.utf8) }
        #expect(listed.count == 2)
        #expect(Set(listed) == [Array(composed.utf8), Array(decomposed.utf8)])
    }

    @Test(
        "Finds videos by extension and by content, skips the rest, and ends despite a symlink loop",
        .timeLimit(.minutes(1)))
    func scansTree() throws {
        let root = try Self.makeTree()
        let result = scanner.scan([root])
        #expect(
            result.videos == [
                root + "/a.mp4", root + "/b.WEBM", root + "/sub/c.mkv", root + "/sub/deeper/d.mov", root + "/sub/mystery.dat",
            ])
        #expect(result.problems.isEmpty)
    }

    @Test("Files given directly are kept as they are, once each, in sorted order")
    func directFiles() throws {
        let root = try Self.makeTree()
        let result = scanner.scan([root + "/notes.txt", root + "/a.mp4", root + "/gone.mp4", root + "/a.mp4", root])
        #expect(
            result.videos == [
                root + "/a.mp4", root + "/b.WEBM", root + "/gone.mp4", root + "/notes.txt", root + "/sub/c.mkv",
                root + "/sub/deeper/d.mov", root + "/sub/mystery.dat",
            ])
    }

    @Test("An unreadable folder is reported and the scan goes on")
    func unreadableFolder() throws {
        let root = try Fixtures.newFolder("locked-tree")
        try FileManager.default.createDirectory(atPath: root + "/locked", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/locked/hidden-away.mp4")
        try ClipFactory.makeEmpty(at: root + "/visible.mp4")
        try #require(chmod(root + "/locked", 0) == 0)
        defer { chmod(root + "/locked", 0o755) }
        let scanner = self.scanner
        let result = geteuid() == 0 ? asUnprivilegedThread { scanner.scan([root]) } : scanner.scan([root])
        #expect(result.videos == [root + "/visible.mp4"])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.contains(root + "/locked") == true)
    }

    @Test("Subtitle files beside a video are found by name with the folder's listing, and the row's line names them")
    func subtitleFilesBeside() throws {
        let root = try Fixtures.newFolder("sidecars")
        try FileManager.default.createDirectory(atPath: root + "/extras.srt", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/film.mkv")
        try ClipFactory.makeEmpty(at: root + "/extras.srt/clip.mp4")
        for name in ["film.en.srt", "film.fr.srt", "notes.txt", ".film.de.srt"] { try ClipFactory.makeText(at: root + "/" + name) }
        symlink(root + "/film.fr.srt", root + "/film.French.srt")
        let result = scanner.scan([root])
        #expect(result.videos == [root + "/extras.srt/clip.mp4", root + "/film.mkv"], "a folder named like a subtitle file is a folder")
        #expect(Set(result.subtitles) == Set(["film.en.srt", "film.fr.srt", "film.French.srt"].map { root + "/" + $0 }))
        #expect(Set(result.listed) == [root, root + "/extras.srt"])
        let sidecars = result.sidecars
        let languages = try #require(sidecars.languages(of: root + "/film.mkv"))
        #expect(languages.map { $0?.shortCode } == ["en", "fr", "fr"])
        #expect(sidecars.languages(of: root + "/extras.srt/clip.mp4") == [])
        let info = MediaInfo(durationMs: 90_000, videoSize: PixelSize(width: 640, height: 360), videoCodec: "H.264")
        #expect(MediaSummary(info, sidecars: languages).text(in: .english) == "1:30 · 640×360 · H.264 · subtitles en, fr")
    }

    @Test("Extension matching ignores case and needs a real extension")
    func extensions() {
        #expect(LibraryScanner.hasVideoExtension("Holiday.MP4"))
        #expect(LibraryScanner.hasVideoExtension("x.m2ts"))
        #expect(!LibraryScanner.hasVideoExtension("mp4"))
        #expect(!LibraryScanner.hasVideoExtension(".mp4"))
        #expect(!LibraryScanner.hasVideoExtension("notes.txt"))
    }

    @Test("User folders follow XDG")
    func userFolders() {
        #expect(UserFolders.cache().hasSuffix("/videotoy"))
        if let videos = UserFolders.videos() { #expect(FileManager.default.fileExists(atPath: videos)) }
    }
}

import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles

/// The crash journal on disk: a round trip, and damaged or hostile contents read as untrusted.
@Suite("PlayingJournal")
struct PlayingJournalTests {
    /// A fresh folder with two real files in it, and a journal path inside a folder not made yet.
    private func scratch() throws -> (folder: String, files: [String], journal: PlayingJournal) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-journal-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // One name that is not UTF-8 (Latin-1 "été"), one with a newline: both must come back byte for byte.
        let files = [folder + "/" + PathBytes.decode([0xE9, 0x74, 0xE9] + Array(".mkv".utf8)), folder + "/two\nlines.mp4"]
        for file in files { #expect(PathBytes.withCString(file) { creat($0, 0o644) } >= 0) }
        return (folder, files, PlayingJournal(path: folder + "/config/videotoy/playing"))
    }

    @Test("What is written is read back in order, and an empty journal is no file at all")
    func roundTrip() throws {
        let (_, files, journal) = try scratch()
        #expect(journal.read().isEmpty, "no journal: nothing marked")
        #expect(journal.write(files) == nil)
        #expect(journal.read() == files)
        #expect(journal.write([files[1]]) == nil)
        #expect(journal.read() == [files[1]])
        #expect(journal.write([]) == nil)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "a clean quit leaves no journal")
        #expect(journal.write([]) == nil, "removing an absent journal is no problem")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (journal.path as NSString).deletingLastPathComponent)
        #expect(leftovers.isEmpty, "no temporary file is left behind: \(leftovers)")
    }

    @Test("Files that are gone, relative paths, duplicates and garbage between entries are passed over")
    func damagedEntries() throws {
        let (folder, files, journal) = try scratch()
        #expect(journal.write(files) == nil)
        var bytes = Array("videotoy-playing 1\n".utf8)
        for entry in [Array("relative/film.mp4".utf8), Array((folder + "/gone.mp4").utf8), PathBytes.encode(files[0]), [0xFF, 0xFE, 0x01]]
            + [PathBytes.encode(files[0]), Array(repeating: UInt8(ascii: "/"), count: 5000), PathBytes.encode(files[1])]
        {
            bytes += entry + [0, 0]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: journal.path))
        #expect(journal.read() == files)
    }

    @Test(
        "A journal that is garbage, of another version, too large or not a regular file marks nothing",
        arguments: ["garbage", "version", "huge", "folder", "fifo"])
    func untrustedJournal(kind: String) throws {
        let (_, files, journal) = try scratch()
        #expect(journal.write(files) == nil)
        try FileManager.default.removeItem(atPath: journal.path)
        let body: [UInt8] = files.flatMap { PathBytes.encode($0) + [UInt8(0)] }
        switch kind {
        case "garbage":
            try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }).write(to: URL(fileURLWithPath: journal.path))
        case "version": try Data(Array("videotoy-playing 2\n".utf8) + body).write(to: URL(fileURLWithPath: journal.path))
        case "huge":
            let padding = [UInt8](repeating: 0, count: PlayingJournal.largestFile)
            try Data(Array("videotoy-playing 1\n".utf8) + body + padding).write(to: URL(fileURLWithPath: journal.path))
        case "folder": try FileManager.default.createDirectory(atPath: journal.path, withIntermediateDirectories: false)
        default: #expect(mkfifo(journal.path, 0o600) == 0)
        }
        #expect(journal.read().isEmpty, "a \(kind) journal is not read (and a FIFO never blocks the read)")
    }

    @Test("At most 64 paths are read back")
    func boundedEntries() throws {
        let (folder, _, journal) = try scratch()
        let many = (0..<100).map { folder + "/clip-\($0).mp4" }
        for path in many { _ = creat(path, 0o644) }
        #expect(journal.write(many) == nil)
        #expect(journal.read() == Array(many.prefix(PlayingJournal.mostEntries)))
    }
}

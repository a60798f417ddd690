import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles

/// Show files on disk: written atomically, read back within the size bound, and the ways a read fails.
@Suite("ShowFile")
struct ShowFileTests {
    private func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-show-file-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("A show written is read back with its entries in order, and no temporary file is left beside it")
    func roundTrip() throws {
        let folder = try scratch()
        let path = folder + "/talk.xspf"
        // A name that is not UTF-8 (Latin-1 "été") must come back byte for byte.
        let entries = [
            ShowEntry(path: "/videos/one.mp4", durationMs: 30_000),
            ShowEntry(path: "/videos/" + PathBytes.decode([0xE9, 0x74, 0xE9] + Array(".mkv".utf8))),
            ShowEntry(path: "/videos/a & b <c>.webm", title: "Opening"),
        ]
        let show = Show(entries: entries, autoAdvance: true)
        #expect(ShowFile.write(show, to: path) == nil)
        let read = try ShowFile.read(path).get()
        #expect(read.show.entries.map(\.path) == entries.map(\.path))
        #expect(read.show.entries[2].title == "Opening")
        #expect(read.show.autoAdvance)
        #expect(read.show.file == path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["talk.xspf"])
        // Saving again replaces the file whole.
        #expect(ShowFile.write(Show(entries: [entries[0]]), to: path) == nil)
        #expect(try ShowFile.read(path).get().show.entries.map(\.path) == [entries[0].path])
    }

    @Test("A missing file, a folder, a FIFO, an oversized file and a non-playlist each fail as they should")
    func failures() throws {
        let folder = try scratch()
        #expect(ShowFile.read(folder + "/none.xspf") == .failure(.missing))
        guard case .failure(.unreadable) = ShowFile.read(folder) else {
            Issue.record("a folder is not a show file")
            return
        }
        let fifo = folder + "/fifo.xspf"
        #expect(mkfifo(fifo, 0o600) == 0)
        guard case .failure(.unreadable) = ShowFile.read(fifo) else {
            Issue.record("a FIFO is refused without waiting for a writer")
            return
        }
        let large = folder + "/large.xspf"
        #expect(FileManager.default.createFile(atPath: large, contents: Data(count: XSPFReader.maximumBytes + 1)))
        #expect(ShowFile.read(large) == .failure(.invalid(.tooLarge)))
        let text = folder + "/notes.xspf"
        try "<html><body>not a show</body></html>".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(ShowFile.read(text) == .failure(.invalid(.notAPlaylist)))
    }

    @Test("A write into a folder that is not there fails with a reason and leaves nothing")
    func failedWrite() throws {
        let folder = try scratch()
        let problem = ShowFile.write(Show(entries: [ShowEntry(path: "/videos/one.mp4")]), to: folder + "/gone/talk.xspf")
        #expect(problem != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("Opening in the background answers on the main thread")
    @MainActor
    func opensInBackground() async throws {
        let folder = try scratch()
        let path = folder + "/talk.xspf"
        #expect(ShowFile.write(Show(entries: [ShowEntry(path: "/videos/one.mp4")]), to: path) == nil)
        let count: Int = await withCheckedContinuation { done in
            ShowFile.open(path) { outcome in
                MainActor.assertIsolated("the answer comes on the main actor")
                done.resume(returning: (try? outcome.get().show.entries.count) ?? -1)
            }
        }
        #expect(count == 1)
    }
}

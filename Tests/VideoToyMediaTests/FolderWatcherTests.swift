import CGLib
import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMedia
import VideoToyMediaTesting

/// Rescanning one library folder, and watching folders with GIO on the default main context.
@MainActor
@Suite("Folder watching", .serialized)
struct FolderWatcherTests {
    /// One way a library folder can look when it is scanned again.
    struct RescanCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// Changes the folder (made with a.mp4, sub/b.mp4 and .hidden.mp4), given its path.
        let change: @Sendable (String) throws -> Void
        /// Expected files (relative), or nil when the folder is gone.
        let files: [String]?
        var testDescription: String { name }
    }

    nonisolated static let rescanCases: [RescanCase] = [
        RescanCase(
            name: "unchanged: a known hidden file still counts", change: { _ in },
            files: [".hidden.mp4", "a.mp4", "sub/b.mp4"]),
        RescanCase(
            name: "a file deleted", change: { try FileManager.default.removeItem(atPath: $0 + "/a.mp4") },
            files: [".hidden.mp4", "sub/b.mp4"]),
        RescanCase(
            name: "a known hidden file deleted", change: { try FileManager.default.removeItem(atPath: $0 + "/.hidden.mp4") },
            files: ["a.mp4", "sub/b.mp4"]),
        RescanCase(
            name: "a file added", change: { try ClipFactory.makeEmpty(at: $0 + "/sub/c.mkv") },
            files: [".hidden.mp4", "a.mp4", "sub/b.mp4", "sub/c.mkv"]),
        RescanCase(
            name: "a subfolder removed", change: { try FileManager.default.removeItem(atPath: $0 + "/sub") },
            files: [".hidden.mp4", "a.mp4"]),
        RescanCase(name: "the folder removed", change: { try FileManager.default.removeItem(atPath: $0) }, files: nil),
        RescanCase(
            name: "the folder replaced by a file",
            change: { folder in
                try FileManager.default.removeItem(atPath: folder)
                try ClipFactory.makeEmpty(at: folder)
            }, files: nil),
    ]

    @Test(arguments: rescanCases)
    func rescan(_ c: RescanCase) throws {
        let folder = try Fixtures.newFolder("rescan")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["a.mp4", "sub/b.mp4", ".hidden.mp4"] { try ClipFactory.makeEmpty(at: folder + "/" + name) }
        let known = ["a.mp4", "sub/b.mp4", ".hidden.mp4"].map { folder + "/" + $0 }
        try c.change(folder)
        let result = LibraryScanner().rescan(folder: folder, known: known)
        #expect(result.files == c.files.map { $0.map { folder + "/" + $0 }.sorted() }, "\(result)")
        if case .listed(_, let folders, _, _) = result {
            let subfolder = FileManager.default.fileExists(atPath: folder + "/sub")
            #expect(folders == [folder] + (subfolder ? [folder + "/sub"] : []))
        }
    }

    /// What the watcher delivered, in order.
    final class Heard {
        var deliveries: [(folder: String, rescan: FolderRescan, written: Set<String>)] = []
        var reports: [String] = []
        /// The library's paths in the folder, as the watcher asks for them.
        var known: [String] = []
        /// The comparison delivered with each rescan, where a test keeps it.
        var diffs: [FolderDiff?] = []
    }

    /// Turns the default main context (GIO's monitors and the watcher's timers) and the main queue until
    /// a delivery after `after` satisfies `condition`; returns its index.
    private func delivery(
        after: Int, in heard: Heard, _ what: String,
        _ condition: (FolderRescan, Set<String>) -> Bool
    ) async throws -> Int {
        // A bound for a wedged watcher only: on two busy cores a rename has taken over 10 s to be delivered.
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            while g_main_context_iteration(nil, 0) != 0 {}
            if let index = heard.deliveries.indices.first(where: {
                $0 > after && condition(heard.deliveries[$0].rescan, heard.deliveries[$0].written)
            }) {
                return index
            }
            // Looked once more after the deadline, so a delivery made during the last sleep counts.
            if ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no delivery: \(what); heard \(heard.deliveries.map { "\($0.rescan) \($0.written.sorted())" })")
        throw CancellationError()
    }

    @Test("files added in subfolders, a folder moved away and back, and files written are all noticed")
    func watchesAFolderTree() async throws {
        let base = try Fixtures.newFolder("watch")
        let root = base + "/videos", away = base + "/away"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/a.mp4")
        let heard = Heard()
        heard.known = [root + "/a.mp4"]
        let watcher = FolderWatcher(quietMs: 100, known: { _ in heard.known }, report: { heard.reports.append($0) }) {
            folder, rescan, written, _ in
            heard.deliveries.append((folder, rescan, written))
        }
        defer { watcher.stop() }
        watcher.watch(root)
        #expect(watcher.watched == [root])
        // The first look, once the watches are in place: the folder as it is.
        var seen = try await delivery(after: -1, in: heard, "first look") { rescan, _ in
            rescan == .listed(files: [root + "/a.mp4"], folders: [root, root + "/sub"], read: [root + "/sub", root])
        }
        #expect(heard.deliveries[seen].folder == root)

        let added = root + "/sub/b.mp4"
        try ClipFactory.makeEmpty(at: added)
        seen = try await delivery(after: seen, in: heard, "a file added in a subfolder") { rescan, _ in
            rescan.files?.contains(added) == true
        }
        heard.known.append(added)

        #expect(rename(root, away) == 0)
        seen = try await delivery(after: seen, in: heard, "the folder moved away") { rescan, _ in rescan == .gone }
        // Changes in the old place are not the library folder's.
        try ClipFactory.makeEmpty(at: away + "/sub/elsewhere.mp4")

        #expect(rename(away, root) == 0)
        seen = try await delivery(after: seen, in: heard, "the folder back") { rescan, _ in
            rescan.files == [root + "/a.mp4", root + "/sub/b.mp4", root + "/sub/elsewhere.mp4"]
        }
        // The watches were renewed on the folder that came back: a file in its subfolder is seen.
        let late = root + "/sub/late.mp4"
        try ClipFactory.makeEmpty(at: late)
        seen = try await delivery(after: seen, in: heard, "a file added after the folder came back") { rescan, _ in
            rescan.files?.contains(late) == true
        }

        // A file written in place is reported as written, so its row is probed again.
        let handle = try #require(FileHandle(forWritingAtPath: root + "/a.mp4"))
        handle.write(Data("more".utf8))
        try handle.close()
        seen = try await delivery(after: seen, in: heard, "a file written") { _, written in written.contains(root + "/a.mp4") }
        #expect(heard.reports.isEmpty, "\(heard.reports)")
    }

    @Test(
        "watching a folder unchanged since its scan starts with no rescan; one changed since then is rescanned",
        arguments: [false, true])
    func watchingAfterAScanRescansOnlyWhatChanged(changedBeforeWatching: Bool) async throws {
        let root = try Fixtures.newFolder("stamps") + "/videos"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/a.mp4")
        // Stamps an hour old: far from the scan, as a library's folders are.
        var old = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        for folder in [root, root + "/sub"] { #expect(utimes(folder, &old) == 0) }
        let scan = LibraryScanner().scan([root])
        #expect(Set(scan.stamps.folders.keys) == [root, root + "/sub"])
        let early = root + "/sub/early.mp4", late = root + "/sub/late.mp4"
        if changedBeforeWatching { try ClipFactory.makeEmpty(at: early) }
        let heard = Heard()
        let watcher = FolderWatcher(quietMs: 100, known: { _ in [root + "/a.mp4"] }, report: { heard.reports.append($0) }) {
            folder, rescan, written, _ in
            heard.deliveries.append((folder, rescan, written))
        }
        defer { watcher.stop() }
        watcher.watch(root, inside: [root + "/sub"], stamps: scan.stamps.inside(root))
        if changedBeforeWatching {
            // The file added between the scan and the watch changed its folder's stamp: the first look finds it.
            let first = try await delivery(after: -1, in: heard, "the rescan of a folder changed since its scan") { rescan, _ in
                rescan.files?.contains(early) == true
            }
            #expect(first == 0)
            return
        }
        // Time for the watches and the stamps' check (a rescan, before, came about 100 ms after the watch).
        let settle = ContinuousClock.now + .milliseconds(600)
        while ContinuousClock.now < settle {
            while g_main_context_iteration(nil, 0) != 0 {}
            try await Task.sleep(for: .milliseconds(10))
        }
        try ClipFactory.makeEmpty(at: late)
        // Nothing was delivered for the folder as it was: the first delivery is the file added since.
        let first = try await delivery(after: -1, in: heard, "a file added after the watch began") { rescan, _ in
            rescan.files?.contains(late) == true
        }
        #expect(first == 0, "heard \(heard.deliveries.map(\.rescan))")
    }

    @Test("a library folder that does not exist yet is watched, and appears when it is made")
    func watchesAFolderNotThereYet() async throws {
        let base = try Fixtures.newFolder("later")
        let root = base + "/drive"
        let heard = Heard()
        let watcher = FolderWatcher(quietMs: 100, known: { _ in [] }, report: { heard.reports.append($0) }) { folder, rescan, written, _ in
            heard.deliveries.append((folder, rescan, written))
        }
        defer { watcher.stop() }
        watcher.watch(root)
        let seen = try await delivery(after: -1, in: heard, "first look") { rescan, _ in rescan == .gone }
        try FileManager.default.createDirectory(atPath: root + "/tmp", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/tmp/clip.mp4")
        // Arrives whole, as a drive's contents do when it is mounted.
        #expect(rename(root + "/tmp", root + "/clips") == 0)
        _ = try await delivery(after: seen, in: heard, "the folder made") { rescan, _ in
            rescan.files == [root + "/clips/clip.mp4"]
        }
    }

    @Test("a subtitle file added or removed beside a video is delivered with the rescan, its language matched to the video")
    func subtitleFilesAreSeen() async throws {
        let root = try Fixtures.newFolder("subtitles")
        let film = root + "/film.mkv"
        try ClipFactory.makeEmpty(at: film)
        try ClipFactory.makeText(at: root + "/film.en.srt")
        let heard = Heard()
        heard.known = [film]
        let watcher = FolderWatcher(quietMs: 100, known: { _ in heard.known }, report: { heard.reports.append($0) }) {
            folder, rescan, written, diff in
            heard.deliveries.append((folder, rescan, written))
            heard.diffs.append(diff)
        }
        defer { watcher.stop() }
        watcher.watch(root)
        let languages = { (index: Int) in heard.diffs[index]?.sidecars?.languages(of: film)?.map { $0?.shortCode } }
        var seen = try await delivery(after: -1, in: heard, "first look") { rescan, _ in rescan.files == [film] }
        #expect(languages(seen) == ["en"])
        // Not a video: no row changes, yet the folder is looked at again and the new file matched.
        try ClipFactory.makeText(at: root + "/film.fr.srt")
        seen = try await delivery(after: seen, in: heard, "a subtitle file added") { rescan, _ in
            if case .listed(_, _, let subtitles, _) = rescan { return subtitles.contains(root + "/film.fr.srt") }
            return false
        }
        #expect(languages(seen) == ["en", "fr"])
        #expect(heard.diffs[seen]?.added.isEmpty == true && heard.diffs[seen]?.missingCount == 0)
        #expect(unlink(root + "/film.en.srt") == 0)
        seen = try await delivery(after: seen, in: heard, "a subtitle file removed") { rescan, _ in
            if case .listed(_, _, let subtitles, _) = rescan { return subtitles == [root + "/film.fr.srt"] }
            return false
        }
        #expect(languages(seen) == ["fr"])
        #expect(heard.reports.isEmpty, "\(heard.reports)")
    }

    @Test("a folder inside a watched one is not watched twice")
    func nestedFoldersAreWatchedOnce() {
        let watcher = FolderWatcher(known: { _ in [] }, report: { _ in }) { _, _, _, _ in }
        defer { watcher.stop() }
        for folder in ["/nowhere/videos/sub", "/nowhere/videos", "/nowhere/videos/sub/deeper", "/nowhere/videos/sub", "/nowhere/videos-2"] {
            watcher.watch(folder)
        }
        #expect(watcher.watched == ["/nowhere/videos", "/nowhere/videos-2", "/nowhere/videos/sub"])
    }
}

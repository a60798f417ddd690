import Dispatch
import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMedia
import VideoToyMediaTesting

/// The scan stays in the library: links do not lead it across the disk, the kernel's file systems are never walked,
/// and FIFOs and devices given directly are never listed.
@Suite("LibraryScanner bounds")
struct LibraryScannerBoundsTests {
    /// `body`'s result, or nil when it has not returned within `seconds`; a scan that walks the whole disk is left
    /// running on its thread, and the test fails instead of waiting for it.
    static func finishing<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>(), done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    @Test("a symbolic link to / in a library folder adds nothing: the scan ends quickly and lists only the real videos")
    func linkToRoot() throws {
        let root = try Fixtures.newFolder("link-to-root")
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: root + "/a.mp4")
        try ClipFactory.makeEmpty(at: root + "/sub/b.mkv")
        try #require(symlink("/", root + "/everything") == 0)
        try #require(symlink("/proc/self/cwd", root + "/sub/cwd") == 0)
        let result = try #require(Self.finishing(within: 30) { LibraryScanner().scan([root]) }, "the scan walked on for 30 s")
        #expect(result.videos == [root + "/a.mp4", root + "/sub/b.mkv"])
        #expect(result.folders == [root, root + "/sub"], "no folder outside the library was entered")
        #expect(result.problems.contains { $0.contains(root + "/everything") && $0.contains("not followed") }, "\(result.problems)")
    }

    @Test("a link to a folder inside the library is followed once; one to a folder outside it is not, and says so")
    func linksInsideAndOutside() throws {
        let library = try Fixtures.newFolder("link-inside")
        let outside = try Fixtures.newFolder("link-outside")
        try FileManager.default.createDirectory(atPath: library + "/.stash", withIntermediateDirectories: true)
        try ClipFactory.makeEmpty(at: library + "/.stash/kept.mp4")
        try ClipFactory.makeEmpty(at: outside + "/elsewhere.mp4")
        try ClipFactory.makeEmpty(at: outside + "/linked-file.mp4")
        try #require(symlink(library + "/.stash", library + "/stash") == 0)
        try #require(symlink(outside, library + "/away") == 0)
        try #require(symlink(outside + "/linked-file.mp4", library + "/film.mp4") == 0)
        let result = LibraryScanner().scan([library])
        #expect(result.videos == [library + "/film.mp4", library + "/stash/kept.mp4"], "a link to a file is listed wherever it points")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.contains(library + "/away") == true)
    }

    @Test("/proc, /sys and /dev are never scanned, even when given", arguments: ["/proc", "/proc/self", "/sys", "/dev", "/sys/kernel"])
    func pseudoFileSystems(_ path: String) throws {
        let result = try #require(Self.finishing(within: 30) { LibraryScanner().scan([path]) }, "the scan walked \(path) for 30 s")
        #expect(result.videos.isEmpty)
        #expect(result.folders.count == 0, "went into \(result.folders.prefix(3))")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.contains("not scanned") == true, "\(result.problems)")
    }

    @Test("a FIFO, a device or a file in /proc given directly is said and never listed; a regular file still is")
    func specialFilesGivenDirectly() throws {
        let folder = try Fixtures.newFolder("special-direct")
        let fifo = folder + "/pipe.mp4"
        try OddFiles.makeFIFO(at: fifo)
        try ClipFactory.makeEmpty(at: folder + "/real.mp4")
        let given = [fifo, "/dev/null", "/proc/self/environ", folder + "/real.mp4"]
        let result = try #require(Self.finishing(within: 30) { LibraryScanner().scan(given) }, "the scan blocked")
        #expect(result.videos == [folder + "/real.mp4"])
        #expect(result.problems.count == 3, "\(result.problems)")
        #expect(result.problems.contains { $0.contains(fifo) && $0.contains("FIFO") })
        #expect(result.problems.contains { $0.contains("/dev/null") && $0.contains("device") })
    }
}

/// A result handed from a helper thread, read only after its semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

import Foundation
import Glibc
import Testing
import VideoToyMediaTesting
import VideoToyPOSIX

/// Descriptors on a share that drops: closed exactly once, whatever `close` reports.
@Suite("Open files")
struct OpenFileTests {
    @Test(
        "A close that fails on a dropped share never closes the number a second time, when someone else holds it",
        .enabled(if: StallingFilesystem.isAvailable), .timeLimit(.minutes(1)), arguments: [EIO, ECONNABORTED])
    func closeFailsOnce(code: Int32) throws {
        let fs = try StallingFilesystem(files: [.init(name: "a.mp4", contents: Data("0123456789".utf8), stall: .closeFails(code))])
        defer { fs.unmount() }
        var checked = 0
        // Another thread may take the freed number before this one does; then that round proves nothing, so try a few.
        for _ in 0..<5 where checked == 0 {
            var file = try #require(OpenFile.reading(fs.path("a.mp4")))
            #expect(file.read(upTo: 4, at: 2) == Array("2345".utf8))
            let number = try #require(Self.descriptor(of: fs.path("a.mp4")))
            file.close()
            let other = open("/dev/null", O_RDONLY | O_CLOEXEC)
            defer { if other >= 0 { close(other) } }
            file = try #require(OpenFile.reading("/dev/null"))
            // The first file is gone (deinit ran on reassignment): the number must still be the other's.
            guard other == number else { continue }
            #expect(fcntl(other, F_GETFD) != -1, "the number \(number) was closed a second time: \(String(cString: strerror(errno)))")
            checked += 1
        }
        #expect(checked > 0, "the freed number was taken by another thread every time")
    }

    @Test("Reads stop at the end of the file and report errors as nil")
    func reads() throws {
        let folder = NSTemporaryDirectory() + "videotoy-openfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/f"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let writer = try #require(OpenFile.writing(path))
        #expect(writer.write(bytes))
        writer.close()
        #expect(writer.write([1]) == false)
        let reader = try #require(OpenFile.reading(path))
        #expect(reader.readToEnd() == bytes)
        #expect(reader.read(upTo: 10, at: 199_995) == Array(bytes[199_995...]))
        #expect(reader.read(upTo: 10, at: 300_000) == [])
        #expect(OpenFile.reading(folder + "/missing") == nil)
        let folderFile = try #require(OpenFile.reading(folder))
        #expect(folderFile.read(upTo: 1, at: 0) == nil, "reading a folder is an error (EISDIR)")
    }

    /// The descriptor this process holds open on `path`, from /proc/self/fd.
    static func descriptor(of path: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap(Int32.init).first { number in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(number)")) == path
        }
    }
}

import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyMedia
import VideoToyMediaTesting

extension EndToEnd {
    /// File names that are not UTF-8 (Latin-1 from an old camera or a Windows share) open from every way in.
    @Suite("Names that are not UTF-8")
    struct RawNameTests {
        /// A Latin-1 folder "vidéos" holding "café snow.mp4" (the 30 s snow clip) and "été.webm" (the short clip),
        /// each é the single byte 0xE9; the paths are PathBytes strings, which the harness passes as their bytes.
        private func library() throws -> (folder: String, cafe: String, ete: String) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-raw-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let folder = PathBytes.decode(Array(root.utf8) + Array("/vid".utf8) + [0xE9] + Array("os".utf8))
            guard PathBytes.withCString(folder, { mkdir($0, 0o755) }) == 0 else {
                throw HarnessError("cannot make \(PathBytes.display(folder)): \(String(cString: strerror(errno)))")
            }
            let cafe = try OddFiles.copy(
                Fixture.clips.snow, toFolder: folder, rawName: Array("caf".utf8) + [0xE9] + Array(" snow.mp4".utf8))
            let ete = try OddFiles.copy(Fixture.clips.short, toFolder: folder, rawName: [0xE9, 0x74, 0xE9] + Array(".webm".utf8))
            return (folder, cafe, ete)
        }

        @Test("`videotoy --play` with a Latin-1 name in argv plays it, shown readably; a second launch hands one over too")
        func playFromArgv() async throws {
            let files = try library()
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: ["--play", files.cafe, files.folder], display: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == files.cafe }
            _ = try await app.waitFor("first-frame", timeout: .seconds(10)) { $0.path == files.cafe }
            let probes = try await Reliability.probes(app, for: [files.cafe, files.ete])
            #expect(
                probes.values.allSatisfy { $0.fields["error"] == nil && $0.fields["width"]?.int != nil }, "\(probes.values.map(\.line))")

            // The row's name is what MPRIS shows as the title; the URL is that of the real bytes.
            let client = MPRISClient(display: display)
            try await client.waitForName()
            #expect(try client.metadata("xesam:title") == "café snow.mp4")
            let url = try client.metadata("xesam:url") ?? ""
            #expect(url.hasPrefix("file:///") && url.hasSuffix("/vid%E9os/caf%E9%20snow.mp4"), "\(url)")

            // GApplication forwards a second launch's argv as bytes: the running window plays the file to its end.
            let second = try AppProcess(arguments: [files.ete], display: display)
            #expect(try await second.waitForExit(timeout: .seconds(15)) == 0, "the second launch hands over and exits")
            _ = try await app.waitFor("finished", after: play, timeout: .seconds(20)) { $0.path == files.ete }
            #expect(!app.events().contains { $0.name == "error" }, "\(app.report())")
            #expect(app.malformedLines.isEmpty, "\(app.malformedLines)")
        }

        @Test("a missing Latin-1 name is refused with one readable line")
        func missingRefused() async throws {
            let gone = PathBytes.decode(Array("/tmp/videotoy-gone-caf".utf8) + [0xE9] + Array(".mp4".utf8))
            let app = try AppProcess(arguments: ["--play", gone], display: nil)
            defer { app.terminate() }
            #expect(try await app.waitForExit(timeout: .seconds(20)) == 2)
            let lines = app.stderr.split(separator: "\n").filter { !$0.hasPrefix("ALSA") && !$0.hasPrefix("AL lib") }
            #expect(lines.count == 1 && lines.first?.contains("cannot play /tmp/videotoy-gone-café.mp4: ") == true, "\(lines)")
        }
    }
}

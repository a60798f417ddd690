import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension SidecarReaderTests {
    @Test(
        "a subtitle file whose reading never returns is listed with a note saying so; the other files still show",
        .enabled(if: StallingFilesystem.isAvailable))
    func slowFileHasANote() throws {
        let good = Data("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8)
        let fs = try StallingFilesystem(files: [
            .init(name: "film.mp4", contents: Data(count: 1024), stall: .never),
            .init(name: "film.srt", contents: good, stall: .read(from: 0)),
            .init(name: "film.en.srt", contents: good, stall: .never),
        ])
        defer {
            fs.release()
            fs.unmount()
        }
        let start = ContinuousClock.now
        let sidecars = SidecarReader.read(beside: fs.path("film.mp4"), secondsPerFile: 1)
        let took = ContinuousClock.now - start
        #expect(took < .milliseconds(4500), "bounded by the file's second, not the folder's 5 s: \(took)")
        #expect(sidecars.report.unusable == [.sidecar("film.srt")], "\(sidecars.report)")
        #expect(sidecars.report.notes[.sidecar("film.srt")] == .file(name: "film.srt", problem: .tooSlow(seconds: 1)), "\(sidecars.report)")
        #expect(sidecars.report.tracks.map(\.id) == [.sidecar("film.en.srt")], "\(sidecars.report)")
        #expect(sidecars.timelines[.sidecar("film.en.srt")]?.text(atMs: 1500) == "Hello")
    }
}

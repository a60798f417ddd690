import Foundation
import Testing
import VideoToyCore
import VideoToyMedia

@Suite("DemoLibrary")
struct DemoLibraryTests {
    @Test("Demo clips are generated once, differ, and all probe with sound", .timeLimit(.minutes(5)))
    func generatesOnce() throws {
        let folder = try Fixtures.newFolder("demo")
        let paths = try DemoLibrary.ensure(in: folder)
        #expect(paths.count >= 5)
        #expect(paths == paths.sorted())
        let prober = MediaProber(), maker = PosterMaker()
        var sizes = Set<PixelSize>(), durations = Set<Int>(), codecs = Set<String>()
        for path in paths {
            let info = try prober.probe(path: path).get()
            #expect(info.hasVideo && info.audioCodec != nil, "\(path): \(info)")
            if let size = info.displaySize { sizes.insert(size) }
            if let ms = info.durationMs { durations.insert(ms / 1000) }
            if let codec = info.videoCodec { codecs.insert(codec) }
            let poster = try maker.poster(path: path, durationMs: info.durationMs).get()
            #expect(PosterMakerTests.hasContent(poster), "\(path) has a flat poster")
        }
        #expect(sizes.count >= 3 && durations.count >= 3 && codecs == ["H.264", "VP8"])
        let stamps = try paths.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let again = try DemoLibrary.ensure(in: folder)
        #expect(again == paths)
        #expect(try again.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == stamps)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty)
    }
}

import Foundation
import Glibc
import Synchronization
import Testing
import VideoToyCore
import VideoToyMedia
import VideoToyMediaTesting

@Suite("PosterMaker")
struct PosterMakerTests {
    let maker = PosterMaker(maxHeight: 180)

    /// True when the picture has real content: its luma spreads widely and varies, unlike a black or flat frame.
    static func hasContent(_ frame: VideoFrame) -> Bool {
        var sum = 0.0, squares = 0.0, low = 255.0, high = 0.0
        for y in 0..<frame.height {
            let row = frame.bytes + y * frame.stride
            for x in 0..<frame.width {
                let p = row + x * 4
                let luma =
                    0.114 * Double(p.load(fromByteOffset: 0, as: UInt8.self))
                    + 0.587 * Double(p.load(fromByteOffset: 1, as: UInt8.self))
                    + 0.299 * Double(p.load(fromByteOffset: 2, as: UInt8.self))
                sum += luma
                squares += luma * luma
                (low, high) = (min(low, luma), max(high, luma))
            }
        }
        let count = Double(frame.width * frame.height)
        let variance = squares / count - (sum / count) * (sum / count)
        return variance > 20 && high - low > 50
    }

    @Test("A flat picture is not mistaken for content")
    func flatIsNotContent() {
        let data = NSData(data: Data(repeating: 128, count: 16 * 8 * 4))
        let frame = VideoFrame(width: 16, height: 8, stride: 64, bytes: data.bytes, owner: data)
        #expect(!Self.hasContent(frame))
    }

    @Test(
        "Posters are real, scaled to at most 180 px high, keeping the display aspect",
        arguments: [
            (ClipSpec(width: 1280, height: 720, durationMs: 3000, pattern: "smpte"), 320, 180),
            (ClipSpec(width: 640, height: 360, durationMs: 3000, container: .webm, videoCodec: .vp8, pattern: "ball"), 320, 180),
            (ClipSpec(width: 640, height: 480, durationMs: 2000, container: .mkv, pattern: "pinwheel"), 240, 180),
            (ClipSpec(width: 160, height: 120, durationMs: 2000, pattern: "smpte"), 160, 120),
            (ClipSpec(width: 320, height: 180, durationMs: 2000, pattern: "smpte", rotation: 90), 102, 180),
        ])
    func poster(_ spec: ClipSpec, width: Int, height: Int) throws {
        let name = "poster-\(spec.width)x\(spec.height)-r\(spec.rotation).\(spec.container.rawValue)"
        let path = try Fixtures.clip(name, spec)
        let frame = try maker.poster(path: path, durationMs: spec.durationMs).get()
        #expect(abs(frame.width - width) <= 1 && frame.height == height, "got \(frame.width)×\(frame.height)")
        #expect(frame.stride >= frame.width * 4)
        #expect(Self.hasContent(frame), "the picture is flat")
    }

    @Test("A rotated clip's poster is turned upright")
    func rotatedContent() throws {
        // SMPTE bars are vertical; after a quarter turn they run across, so rows vary and columns do not.
        let path = try Fixtures.clip("poster-bars-r90.mp4", ClipSpec(width: 320, height: 180, pattern: "smpte", rotation: 90))
        let frame = try maker.poster(path: path, durationMs: 2000).get()
        func pixel(_ x: Int, _ y: Int) -> UInt32 { (frame.bytes + y * frame.stride + x * 4).loadUnaligned(as: UInt32.self) }
        let topRow = Set((0..<frame.width).map { pixel($0, frame.height / 8) })
        let leftColumn = Set((0..<frame.height).map { pixel(frame.width / 2, $0) })
        #expect(topRow.count < leftColumn.count, "row colours \(topRow.count), column colours \(leftColumn.count)")
    }

    @Test("Posters from several threads at once are all produced")
    func concurrent() throws {
        let path = try Fixtures.clip("poster-concurrent.mp4", ClipSpec(width: 640, height: 360, pattern: "pinwheel"))
        let maker = self.maker
        let sizes = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let size = (try? maker.poster(path: path, durationMs: 2000).get()).map { "\($0.width)x\($0.height)" } ?? "failed"
            sizes.withLock { $0.append(size) }
        }
        #expect(sizes.withLock { $0 } == Array(repeating: "320x180", count: 6))
    }

    @Test("Posters work without a known duration")
    func noDuration() throws {
        let path = try Fixtures.clip("poster-noduration.mp4", ClipSpec(width: 320, height: 240, pattern: "smpte"))
        let frame = try maker.poster(path: path, durationMs: nil).get()
        #expect(frame.height == 180)
    }

    @Test("Broken and special files fail quickly instead of hanging", .timeLimit(.minutes(1)))
    func failures() throws {
        let folder = try Fixtures.newFolder("poster-bad")
        try #require(mkfifo(folder + "/pipe.mp4", 0o644) == 0)
        guard case .failure(.notRegularFile(kind: .fifo)) = maker.poster(path: folder + "/pipe.mp4", durationMs: nil) else {
            Issue.record("a FIFO was not refused as one")
            return
        }
        let text = try Fixtures.file("poster-text.mp4") { try ClipFactory.makeText(at: $0) }
        if case .success = maker.poster(path: text, durationMs: nil) { Issue.record("a text file gave a poster") }
        let audio = try Fixtures.clip("poster-audio-only.mp4", ClipSpec(videoCodec: .none))
        if case .success = maker.poster(path: audio, durationMs: 2000) { Issue.record("an audio-only file gave a poster") }
        let dirac = try Fixtures.file("dirac-aac.mp4") { try ClipFactory.makeUndecodable(at: $0, video: true, audio: false) }
        guard case .failure(.missingDecoder(codec: "Dirac", package: nil)) = maker.poster(path: dirac, durationMs: nil) else {
            Issue.record(
                "a video without a decoder was not reported as such: \(String(describing: maker.poster(path: dirac, durationMs: nil)))")
            return
        }
        let cut = try Fixtures.file("poster-cut.mp4") { try ClipFactory.makeTruncatedBeforeIndex(at: $0) }
        if case .success = maker.poster(path: cut, durationMs: nil) { Issue.record("a truncated file gave a poster") }
    }
}

import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// The header path (libavformat) and the discoverer path must give the same row for every file.
@Suite("Header prober", .serialized)
struct HeaderProberTests {
    static let clips: [(String, ClipSpec)] = [
        ("h264-aac.mp4", ClipSpec(durationMs: 1200)),
        ("fast-start.mp4", ClipSpec(width: 176, height: 144, durationMs: 700, fastStart: true)),
        ("turned-90.mp4", ClipSpec(durationMs: 600, rotation: 90)),
        ("turned-180.mp4", ClipSpec(durationMs: 600, rotation: 180)),
        ("turned-270.mp4", ClipSpec(width: 320, height: 180, durationMs: 600, rotation: 270)),
        ("sound-only.mp4", ClipSpec(durationMs: 900, videoCodec: .none)),
        ("silent.mp4", ClipSpec(durationMs: 500, audio: false)),
        ("h264.mkv", ClipSpec(durationMs: 800, container: .mkv)),
        ("vp8.mkv", ClipSpec(width: 480, height: 270, durationMs: 800, container: .mkv, videoCodec: .vp8)),
        ("vp8.webm", ClipSpec(durationMs: 1100, container: .webm, videoCodec: .vp8)),
        ("silent.webm", ClipSpec(durationMs: 500, container: .webm, videoCodec: .vp8, audio: false)),
        ("sound-only.webm", ClipSpec(durationMs: 700, container: .webm, videoCodec: .none)),
    ]

    let header = MediaProber(timeoutSeconds: 5, readers: .headerFirst)
    let discoverer = MediaProber(timeoutSeconds: 5, readers: .discovererOnly)

    @Test("Generated clips: the header gives every fact, identical to the discoverer's", arguments: clips.map(\.0))
    func generatedClip(_ name: String) throws {
        let spec = try #require(Self.clips.first { $0.0 == name }?.1)
        let path = try Fixtures.clip("header-" + name, spec)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
        guard case .facts(let facts) = HeaderProber.probe(path: path, head: head) else {
            Issue.record("the header path left \(name) to GStreamer: \(HeaderProber.probe(path: path, head: head))")
            return
        }
        let viaDiscoverer = try discoverer.probe(path: path).get()
        let viaHeader = try header.probe(path: path).get()
        #expect(viaHeader == viaDiscoverer)
        #expect(facts.rotation == spec.rotation)
        #expect(facts.hasVideo == (spec.videoCodec != .none))
        #expect((facts.audioCodec != nil) == spec.audio)
    }

    @Test("Odd files: both paths give the same result, failures and missing decoders included", arguments: OddFilesTests.rows)
    func oddFile(_ row: OddFile) throws {
        // The stalled shares fail before any reader opens them, and a probe stuck in one would outlive the test.
        guard row.enabled, !row.unprivileged, !row.name.hasPrefix("stalled") else { return }
        let folder = try Fixtures.newFolder("header-odd")
        let made = try row.make(folder)
        defer { withExtendedLifetime(made.keep) {} }
        #expect(header.probe(path: made.path) == discoverer.probe(path: made.path))
    }

    @Test("The demo library: both paths give the same rows", .timeLimit(.minutes(5)))
    func demoLibrary() throws {
        let paths = try DemoLibrary.ensure(in: try Fixtures.newFolder("header-demo"))
        var decided = 0
        for path in paths {
            #expect(header.probe(path: path) == discoverer.probe(path: path), "\(path)")
            let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
            if case .facts = HeaderProber.probe(path: path, head: head) { decided += 1 }
        }
        #expect(decided == paths.count, "every demo clip is read from its header")
    }

    @Test("A file with a codec GStreamer cannot decode is left to the discoverer, which names what is missing")
    func undecodableGoesToGStreamer() throws {
        let path = try Fixtures.file("header-dirac-aac.mp4") { try ClipFactory.makeUndecodable(at: $0, video: true, audio: false) }
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileCheck.headLength))
        if case .facts(let facts) = HeaderProber.probe(path: path, head: head) {
            Issue.record("the header path decided a file GStreamer cannot decode: \(facts)")
        }
        #expect(try header.probe(path: path).get().missingDecoders == ["Dirac"])
    }
}

import Foundation
import Testing
import VideoToyCore
import VideoToyFiles
import VideoToyMediaTesting

@testable import VideoToyMedia

/// Numbers from a file's header, the probe cache and the settings at the edges of 64 bits: read with checks, never trapped on.
@Suite("Extreme numbers")
struct ExtremeNumbersTests {
    /// About 380 years: in nanoseconds (1.2e19) past `Int64.max`, and GStreamer's time type still holds it.
    static let centuriesMs = 12_000_000_000_000.0

    static let centuries: String = {
        (try? Fixtures.file("centuries.mkv") { try OddFiles.makeWithClaimedDuration(ExtremeNumbersTests.centuriesMs, at: $0) }) ?? ""
    }()

    @Test("An MKV whose header claims 380 years is probed with an unknown duration, and its poster is made")
    func centuriesLongMatroska() throws {
        let path = try #require(Self.centuries.isEmpty ? nil : Self.centuries, "the clip could be made")
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4096))
        if case .facts(let info) = HeaderProber.probe(path: path, head: head) {
            #expect(info.durationMs.map { $0 <= MediaTime.longestMs } ?? true, "the header's claim is not a duration")
        }
        let probed = MediaProber(timeoutSeconds: 10).probe(path: path)
        guard case .success(let info) = probed else {
            Issue.record("the file plays, so its probe succeeds: \(probed)")
            return
        }
        #expect(info.durationMs.map { $0 <= MediaTime.longestMs } ?? true, "\(String(describing: info.durationMs)) ms")
        #expect(info.videoCodec == "H.264")
        let maker = PosterMaker(maxHeight: 90)
        // The poster job hands over whatever the row holds: the probe's duration, or an older run's claim.
        for duration in [info.durationMs, Int(Self.centuriesMs), Int.max, Int.min] {
            guard case .success(let frame) = maker.poster(path: path, durationMs: duration) else {
                Issue.record("no poster with a duration of \(String(describing: duration))")
                continue
            }
            #expect(frame.height > 0)
        }
    }

    @Test("A probe cache line with a duration past 100 years, or an absurd picture, is damage: nothing of it is trusted")
    func hugeDurationsInTheProbeCache() throws {
        let folder = try Fixtures.newFolder("probe-cache-numbers")
        let stamp = FileStamp(size: 1, mtimeNs: 1)
        for (index, info) in [
            MediaInfo(durationMs: 9_300_000_000_000_000), MediaInfo(durationMs: Int.max), MediaInfo(durationMs: Int(Self.centuriesMs)),
            MediaInfo(durationMs: 1000, videoSize: PixelSize(width: Int.max, height: 1)), MediaInfo(durationMs: 1000, bitDepth: Int.max),
        ].enumerated() {
            let file = folder + "/cache-\(index).tsv"
            let cache = ProbeCache(file: file, fingerprint: "test")
            cache.record(path: "/v/huge.mkv", stamp: stamp, result: .success(info))
            #expect(cache.save())
            let reloaded = ProbeCache(file: file, fingerprint: "test")
            #expect(reloaded.lookup(path: "/v/huge.mkv", stamp: stamp) == nil, "\(info) is probed again")
        }
        let file = folder + "/plain.tsv"
        let cache = ProbeCache(file: file, fingerprint: "test")
        cache.record(path: "/v/long.mkv", stamp: stamp, result: .success(MediaInfo(durationMs: MediaTime.longestMs)))
        #expect(cache.save())
        #expect(
            ProbeCache(file: file, fingerprint: "test").lookup(path: "/v/long.mkv", stamp: stamp)
                == .success(MediaInfo(durationMs: MediaTime.longestMs)))
    }

    @Test("Resume positions no video has (9.3e12 ms and more, negative, past 64 bits) are dropped when the settings are read")
    func hugeResumePositions() throws {
        let folder = try Fixtures.newFolder("settings-numbers")
        let path = folder + "/settings.ini"
        let lines = [
            "/v/ok.mkv=300000;5", "/v/huge.mkv=9300000000000;5", "/v/max.mkv=9223372036854775807;5", "/v/negative.mkv=-5;5",
            "/v/beyond.mkv=99999999999999999999999;5", "/v/century.mkv=\(MediaTime.longestMs + 1);5",
        ]
        try ("[resume]\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let store = SettingsStore(path: path)
        let (settings, problem) = store.load()
        #expect(problem == nil)
        #expect(settings.resumePositions.position(for: "/v/ok.mkv") == 300_000)
        for name in ["huge", "max", "negative", "beyond", "century"] {
            #expect(settings.resumePositions.position(for: "/v/\(name).mkv") == nil, "\(name)")
            #expect(store.resumePosition(forPath: "/v/\(name).mkv") == nil, "\(name)")
        }
    }
}

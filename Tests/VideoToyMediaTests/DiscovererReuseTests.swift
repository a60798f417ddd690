import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// Small cut files probed one after another with the discoverer a prober lends again: GStreamer 1.22's discoverer,
/// reused, now and then waits out its whole timeout on one of them, a different one each run.
@Suite("Discoverer reuse", .timeLimit(.minutes(4)))
struct DiscovererReuseTests {
    /// The containers cut, each after these many bytes: pairs of them stalled a reused discoverer 1 to 3 times in 8.
    static let cuts: [(container: String, codec: [String], bytes: [Int])] = [
        ("mkv", ["-c:v", "libx264"], [8000, 507]),
        ("mp4", ["-c:v", "libx264"], [30000, 2000]),
        ("avi", ["-c:v", "libx264"], [2000]),
        ("flv", ["-c:v", "flv"], [507, 8000]),
    ]

    /// Makes the cut files once, 2 s clips of H.264 or FLV video and AAC or MP3 sound cut after a few bytes.
    static func files() throws -> [String] {
        var paths: [String] = []
        for cut in cuts {
            let whole = try Fixtures.file("reuse-whole.\(cut.container)") { path in
                guard let ffmpeg = FormatCatalogue.ffmpeg else { throw SetUpFailure(description: "ffmpeg is not installed") }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: ffmpeg)
                process.arguments =
                    [
                        "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2", "-f", "lavfi",
                        "-i", "sine=duration=2",
                    ] + cut.codec + [path]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw SetUpFailure(description: "ffmpeg could not make \(path)") }
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
            for size in cut.bytes {
                paths.append(
                    try Fixtures.file("reuse-cut\(size).\(cut.container)") { path in
                        try bytes.prefix(size).write(to: URL(fileURLWithPath: path))
                    })
            }
        }
        return paths
    }

    @Test("six rounds of small cut files through one lent discoverer: none is reported as timed out")
    func noStallAfterReuse() throws {
        let files = try Self.files()
        // One caller at a time, so every probe after the first borrows the discoverer the one before gave back. The
        // suite runs beside the playback suites on 2 cores, which can starve a try of the CPU for many seconds: a minute
        // leaves room for the tries that double from 2.5 s, where a discoverer that waits out its own timeout on one
        // file, the stall this test is about, still ends as timed out.
        let prober = MediaProber(timeoutSeconds: 60, readers: .discovererOnly)
        var timedOut: [String] = []
        for round in 1...6 {
            for path in files {
                let start = ContinuousClock.now
                if case .failure(.timedOut) = prober.probe(path: path) {
                    timedOut.append("round \(round): \((path as NSString).lastPathComponent) after \(ContinuousClock.now - start)")
                }
            }
        }
        #expect(timedOut.isEmpty, "timed out: \(timedOut)")
    }
}

import Foundation
import Testing
import VideoToyCore
import VideoToyMedia

/// Timings for the report; run with VIDEOTOY_BENCH=1 (optionally VIDEOTOY_BENCH_OUT=folder to keep posters as PPM).
@Suite("Benchmarks", .serialized, .enabled(if: ProcessInfo.processInfo.environment["VIDEOTOY_BENCH"] != nil))
struct BenchmarkTests {
    @Test("Probe and poster timings over the demo library")
    func timings() throws {
        let out = ProcessInfo.processInfo.environment["VIDEOTOY_BENCH_OUT"]
        let folder = try out.map { $0 + "/demo" } ?? Fixtures.newFolder("bench")
        let paths = try DemoLibrary.ensure(in: folder)
        let prober = MediaProber(), maker = PosterMaker()
        for path in paths { _ = prober.probe(path: path) }
        let rounds = 20
        var start = Date()
        for _ in 0..<rounds { for path in paths { _ = try prober.probe(path: path).get() } }
        let probeMs = Date().timeIntervalSince(start) * 1000 / Double(rounds * paths.count)
        let durations = try paths.map { try prober.probe(path: $0).get().durationMs }
        var frames: [(String, VideoFrame)] = []
        start = Date()
        for _ in 0..<5 {
            frames = try zip(paths, durations).map { ($0, try maker.poster(path: $0, durationMs: $1).get()) }
        }
        let posterMs = Date().timeIntervalSince(start) * 1000 / Double(5 * paths.count)
        print(
            "BENCH probe \(String(format: "%.1f", probeMs)) ms/file, poster \(String(format: "%.1f", posterMs)) ms/file over \(paths.count) files"
        )
        print("BENCH files: \(folder)")
        if let out {
            for (path, frame) in frames {
                var ppm = Data("P6\n\(frame.width) \(frame.height)\n255\n".utf8)
                for y in 0..<frame.height {
                    for x in 0..<frame.width {
                        let p = frame.bytes + y * frame.stride + x * 4
                        ppm.append(contentsOf: [
                            p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
                            p.load(fromByteOffset: 0, as: UInt8.self),
                        ])
                    }
                }
                try ppm.write(to: URL(fileURLWithPath: out + "/" + (path as NSString).lastPathComponent + ".ppm"))
            }
        }
    }
}

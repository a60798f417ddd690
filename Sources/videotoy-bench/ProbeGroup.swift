import Foundation
import VideoToyCore
import VideoToyMedia

/// The probe candidates side by side, in this process on the library's files: the header path (libavformat, the
/// discoverer for what it leaves), the discoverer for every file, and gst-discoverer-1.0 as the anchor.
enum ProbeGroup {
    /// Workers per candidate, as the app probes (two, for two cores).
    static let workers = 2

    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let n = session.options.n, library = session.media.library.path
        let paths = try FileManager.default.contentsOfDirectory(atPath: library).sorted().map { library + "/" + $0 }
        note("probe: gst-discoverer-1.0 over \(paths.count) files, one process")
        let discoverer = try session.anchors.discover(folder: library)
        let anchorRate = discoverer.ms > 0 ? Double(discoverer.files) * 1000 / Double(discoverer.ms) : 0
        var results: [MediaProber.Readers: [Result<MediaInfo, ProbeFailure>]] = [:]
        for (readers, id, label) in [
            (MediaProber.Readers.headerFirst, "probe.header", "header path (libavformat, discoverer for the rest)"),
            (.discovererOnly, "probe.discoverer", "discoverer path (one pooled discoverer per worker)"),
        ] {
            note("probe: \(label) over \(paths.count) files, \(workers) workers")
            let prober = MediaProber(timeoutSeconds: 10, readers: readers)
            let (ms, found) = measure({ prober.probe(path: $0) }, paths)
            results[readers] = found
            let rate = ms > 0 ? Figures.fixed(Double(paths.count) * 1000 / Double(ms), 1) : ""
            let ratio = Figures.ratio(rate, Figures.fixed(anchorRate, 1))
            session.add(
                BenchRow(
                    id: id, metric: "probe candidate: \(label), N=\(n), in-process", value: rate, unit: "files/s",
                    anchor: Figures.fixed(anchorRate, 1), ratio: ratio, target: "info", result: "info",
                    note: "\(ms) ms for \(paths.count) files; gst-discoverer-1.0 \(discoverer.ms) ms for \(discoverer.files) files"))
        }
        // What the app does: the header path in two sandboxed helper processes, each file over a socket.
        note("probe: media helpers (\(workers), sandboxed) over \(paths.count) files")
        let helpers = HelperBackend(executable: session.app.path, helpers: workers)
        let (helperMs, helperFound) = measure({ helpers.probe(path: $0) }, paths)
        let helperRate = helperMs > 0 ? Figures.fixed(Double(paths.count) * 1000 / Double(helperMs), 1) : ""
        let helperRatio = Figures.ratio(helperRate, Figures.fixed(anchorRate, 1))
        session.add(
            BenchRow(
                id: "probe.helper",
                metric:
                    "probe candidate: header path in \(workers) media helpers (\(helpers.isBubblewrapped ? "bubblewrap + " : "")seccomp), N=\(n)",
                value: helperRate, unit: "files/s", anchor: Figures.fixed(anchorRate, 1), ratio: helperRatio, target: ">= 20x anchor",
                result: Figures.verdict(helperRatio, .atLeast, 20),
                note: "\(helperMs) ms for \(paths.count) files, \(helpers.helpersStarted) helpers started"))
        helpers.stopHelpers()
        let header = results[.headerFirst] ?? [], plain = results[.discovererOnly] ?? []
        let differing = zip(paths, zip(header, plain)).filter { $1.0 != $1.1 }.map { ($0.0 as NSString).lastPathComponent }
        session.add(
            BenchRow(
                id: "probe.identical", metric: "files whose facts differ between the two candidates", value: String(differing.count),
                unit: "files", target: "0", result: differing.isEmpty ? "pass" : "FAIL",
                note: differing.isEmpty ? "every file probed alike" : "first: \(differing.prefix(5).joined(separator: ", "))"))
        let fromHelpers = zip(paths, zip(header, helperFound)).filter { $1.0 != $1.1 }.map { ($0.0 as NSString).lastPathComponent }
        session.add(
            BenchRow(
                id: "probe.helper-identical", metric: "files whose facts differ between the helpers and this process",
                value: String(fromHelpers.count), unit: "files", target: "0", result: fromHelpers.isEmpty ? "pass" : "FAIL",
                note: fromHelpers.isEmpty ? "every file probed alike" : "first: \(fromHelpers.prefix(5).joined(separator: ", "))"))
    }

    /// Milliseconds to probe every path with `workers` threads, and the results in path order.
    private static func measure(
        _ probe: @escaping @Sendable (String) -> Result<MediaInfo, ProbeFailure>, _ paths: [String]
    ) -> (Int, [Result<MediaInfo, ProbeFailure>]) {
        let results = Results(count: paths.count)
        let next = Results.Counter()
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: paths.count) { results.set(index, probe(paths[index])) }
        }
        return (start.duration(to: .now).wholeMilliseconds, results.all)
    }

    /// Results written by several workers.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result<MediaInfo, ProbeFailure>]

        init(count: Int) { values = Array(repeating: .failure(.other("not probed")), count: count) }

        func set(_ index: Int, _ value: Result<MediaInfo, ProbeFailure>) { lock.withLock { values[index] = value } }

        var all: [Result<MediaInfo, ProbeFailure>] { lock.withLock { values } }

        /// Hands out indexes to workers.
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0

            func take(below limit: Int) -> Int? {
                lock.withLock {
                    guard value < limit else { return nil }
                    defer { value += 1 }
                    return value
                }
            }
        }
    }
}

import Foundation
import VideoToyCore

/// Library open, probe throughput against gst-discoverer-1.0, the second open, and posters.
enum OpenGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let n = session.options.n, library = session.media.library.path
        note("open: first open of \(n) files")
        let first = try session.launch("open-1", [library])
        let ok =
            first.waitEvents(.library, count: 1, seconds: 60)
            && first.waitEvents(.probe, count: n, seconds: Double(60 + n / 10))
        let premain = beforeMain(first)
        let libraryT = first.event(.library)?.tMs ?? 0
        // The rows on screen at start: the probe events of the first few library files.
        let visible = (1...BenchMedia.firstRows).map { session.media.libraryName($0, ext: "") }
        let visibleProbes = first.events.filter { event in
            event.name == "probe" && visible.contains { event.path?.contains($0) ?? false }
        }
        let rowsT = visibleProbes.count >= BenchMedia.firstRows ? visibleProbes.map(\.tMs).max() : nil
        let lastProbe = first.event(.probe, last: true)?.tMs ?? 0
        let probes = first.events.count(where: { $0.name == "probe" })
        let thumbsFirst = session.thumbnailCount()
        first.stop()

        let libraryOpen = libraryT + premain
        session.add(
            BenchRow(
                id: "open.library", metric: "library open: start to rows listed (library event), N=\(n)",
                value: String(libraryOpen), unit: "ms", target: "<= 1000 ms",
                result: Figures.verdict(String(libraryOpen), .atMost, 1000), note: "t_ms \(libraryT) + \(premain) ms before main()"))
        let rowsOpen = rowsT.map { String($0 + premain) } ?? ""
        session.add(
            BenchRow(
                id: "open.rows", metric: "library open: start to first \(BenchMedia.firstRows) rows with metadata",
                value: rowsOpen, unit: "ms", target: "<= 1000 ms", result: Figures.verdict(rowsOpen, .atMost, 1000),
                note: "probe events of the rows on screen"))

        note("open: gst-discoverer-1.0 over the same \(n) files, one process")
        let discoverer = try session.anchors.discover(folder: library)
        let appMs = ok ? lastProbe - libraryT : nil
        let appRate = appMs.flatMap { $0 > 0 ? Figures.fixed(Double(n) * 1000 / Double($0), 1) : nil } ?? ""
        let discRate = discoverer.ms > 0 ? Figures.fixed(Double(discoverer.files) * 1000 / Double(discoverer.ms), 1) : ""
        let ratio = Figures.ratio(appRate, discRate)
        session.add(
            BenchRow(
                id: "probe.throughput", metric: "probe throughput, all \(n) files (library to last probe event)",
                value: appRate, unit: "files/s", anchor: discRate, ratio: ratio, target: ">= 3x anchor",
                result: Figures.verdict(ratio, .atLeast, 3),
                note:
                    "app \(appMs.map(String.init) ?? "?") ms for \(probes) probes; gst-discoverer-1.0 \(discoverer.ms) ms for \(discoverer.files) files"
            ))

        note("open: second open, nothing changed")
        let second = try session.launch("open-2", [library])
        let ok2 = second.waitEvents(.probe, count: n, seconds: Double(60 + n / 10))
        let premain2 = beforeMain(second)
        let library2 = second.event(.library)?.tMs ?? 0
        let all2 = ok2 ? (second.event(.probe, last: true)?.tMs).map { String($0 + premain2) } ?? "" : ""
        let thumbsSecond = session.thumbnailCount()
        second.stop()
        let probeCache = FileManager.default.fileExists(atPath: session.cacheHome.appendingPathComponent("videotoy/probe-cache.tsv").path)
        session.add(
            BenchRow(
                id: "open.second", metric: "second open: start to all \(n) rows with metadata", value: all2, unit: "ms",
                target: "<= 1000 ms", result: Figures.verdict(all2, .atMost, 1000),
                note: "library at \(library2 + premain2) ms; probe cache file: \(probeCache ? "present" : "absent")"))
        session.add(
            BenchRow(
                id: "open.posters", metric: "posters made during the first open (rows on screen only)",
                value: String(thumbsFirst), unit: "files", target: "info", result: "info",
                note:
                    "no poster event exists; counted as freedesktop thumbnails written (\(thumbsSecond) after the second open); 0 means the thumbnail cache is not wired"
            ))
    }

    /// Milliseconds from exec to the app's main(): start-up seen from outside minus the `ready` time it logs.
    static func beforeMain(_ app: BenchApp) -> Int {
        let outside = app.startupMs()
        guard outside > 0, let ready = app.event(.ready)?.tMs else { return 0 }
        return outside - ready
    }
}

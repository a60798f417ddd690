import Foundation
import Glibc
import VideoToyCore

/// A large library: rows listed, main-loop stalls while listing, probing, scrolling end to end (Page Down and
/// End), a refresh of the library folder and a search, and the memory it all takes. Run at --n 10000, 30000
/// and 100000 for the curve; `--shape` lays the same N files out in other folders (`LibraryShape`).
enum ScaleGroup {
    /// Pages scrolled with Page Down before End; a page is about three rows.
    static let pages = 400

    /// Runs the group once per shape asked for and adds their rows.
    static func run(_ session: BenchSession) throws {
        for shape in session.options.shapes { try run(session, shape: shape) }
    }

    /// Runs the group on `shape`'s library; rows ids start with the shape's prefix.
    private static func run(_ session: BenchSession, shape: LibraryShape) throws {
        let n = session.options.n, library = session.media.library(shape), prefix = shape.idPrefix
        let laid = shape == .flat ? "" : ", \(shape.summary)"
        note("scale: \(n) files, \(shape.summary)")
        let app = try session.launch(shape == .flat ? "scale" : "scale-\(shape.rawValue)", [library.path])
        guard app.waitEvents(.library, count: 1, seconds: 120) else {
            app.stop()
            return
        }
        let premain = OpenGroup.beforeMain(app)
        let listedT = app.event(.library)?.tMs ?? 0
        session.pause(3)
        let rssListed = app.procKB("VmRSS")
        let listing = phase(app, from: 0)

        session.activateMainWindow()
        session.xdotool("key", "Tab")
        var mark = latest(app)
        let scrollStart = ContinuousClock.now
        session.xdotool("key", "--delay", "15", "--repeat", String(pages), "Page_Down")
        session.xdotool("key", "End")
        session.pause(1)
        session.xdotool("key", "Home")
        session.pause(1)
        session.xdotool("key", "End")
        let scrollMs = scrollStart.duration(to: .now).wholeMilliseconds
        session.pause(2)
        let scrolling = phase(app, from: mark)

        mark = latest(app)
        let added = session.media.refreshFolder(shape).appendingPathComponent("zz-refresh-\(getpid()).mp4").path
        if Glibc.link(session.media.clip("small.mp4"), added) != 0 {
            note("scale: cannot link \(added): \(String(cString: strerror(errno)))")
        }
        let linked = latest(app)
        let refreshed = app.waitEvents(.refresh, count: 1, seconds: 30)
        unlink(added)
        app.waitEvents(.refresh, count: 2, seconds: 30)
        let refreshMs = refreshed ? (app.event(.refresh)?.tMs ?? linked) - linked : nil
        session.pause(1)
        let refresh = phase(app, from: mark)

        mark = latest(app)
        session.xdotool("key", "ctrl+f")
        session.xdotool("type", "--delay", "400", SearchGroup.query)
        session.xdotool("key", "Escape")
        app.waitEvents(.search, count: SearchGroup.query.count + 1, seconds: 60)
        session.pause(1)
        let searching = phase(app, from: mark)
        let searchTimes = app.events.filter { $0.name == EventName.search.rawValue }.compactMap { $0[.ms]?.double }

        let rss = app.procKB("VmRSS"), peak = app.procKB("VmHWM")
        let probed = app.events.count(where: { $0.name == EventName.probe.rawValue })
        let whole = phase(app, from: 0)
        app.stop()

        let listed = String(listedT + premain)
        session.add(
            BenchRow(
                id: prefix + "list", metric: "rows listed: start to library event, N=\(n)\(laid)", value: listed, unit: "ms",
                target: "<= 2000 ms", result: Figures.verdict(listed, .atMost, 2000),
                note: "t_ms \(listedT) + \(premain) ms before main(); stalls while listing: \(listing.text)"))
        for (id, what, figures) in [
            ("stall.list", "listing (start to 3 s after the rows)", listing),
            ("stall.scroll", "\(pages) Page Down, End, Home, End (\(scrollMs) ms)", scrolling),
            ("stall.refresh", "a file added to and removed from the \(shape == .flat ? "\(n)-file " : "library's last ")folder", refresh),
            ("stall.search", "typing \"\(SearchGroup.query)\" and Escape", searching),
            ("stall.all", "the whole run, probing included (\(probed) probes)", whole),
        ] {
            let worst = String(figures.worst)
            session.add(
                BenchRow(
                    id: prefix + id, metric: "longest main-loop stall: \(what), N=\(n)\(laid)", value: worst, unit: "ms",
                    target: "<= 50 ms",
                    result: Figures.verdict(worst, .atMost, 50), note: figures.text))
        }
        let refreshValue = refreshMs.map(String.init) ?? ""
        session.add(
            BenchRow(
                id: prefix + "refresh", metric: "refresh: file linked into the folder to its refresh event, N=\(n)\(laid)",
                value: refreshValue, unit: "ms", target: "info", result: "info", note: "includes the watcher's settling delay"))
        let median = Figures.median(searchTimes.map { $0.rounded(.down) }), worst = Figures.maximum(searchTimes.map { $0.rounded(.down) })
        session.add(
            BenchRow(
                id: prefix + "search", metric: "search: slowest keystroke, N=\(n)\(laid)", value: worst, unit: "ms", target: "<= 50 ms",
                result: Figures.verdict(worst, .atMost, 50),
                note: "median \(median) ms; each: \(searchTimes.map { Figures.plain($0.rounded(.down)) }.joined(separator: " "))"))
        let rssMB = String(rss / 1024)
        session.add(
            BenchRow(
                id: prefix + "memory", metric: "RSS with \(n) rows, after scrolling, searching and \(probed) probes\(laid)", value: rssMB,
                unit: "MB", target: "<= 400 MB", result: Figures.verdict(rssMB, .atMost, 400),
                note: "\(rssListed / 1024) MB 3 s after the rows were listed; peak \(peak / 1024) MB"))
        let peakMB = String(peak / 1024)
        session.add(
            BenchRow(
                id: prefix + "peak", metric: "peak RSS (VmHWM) over the run, N=\(n)\(laid)", value: peakMB, unit: "MB",
                target: "<= 400 MB", result: Figures.verdict(peakMB, .atMost, 400), note: "\(probed) probes"))
    }

    /// The stalls logged since `from` (t_ms): the longest and a summary.
    private static func phase(_ app: BenchApp, from: Int) -> (worst: Int, text: String) {
        let stalls = app.events.filter { $0.name == EventName.stall.rawValue && $0.tMs >= from }
        let times = stalls.map { Int($0[.ms]?.double ?? 0) }
        guard let worst = times.max() else { return (0, "none") }
        let longest = stalls.first { Int($0[.ms]?.double ?? 0) == worst }
        let what = [longest?["activity"]?.string, longest?["cause"]?.string].compactMap { $0 }.joined(separator: ", ")
        return (worst, "\(stalls.count) stall(s), longest \(worst) ms (\(what))")
    }

    /// The time of the app's latest event, as a mark for what follows.
    private static func latest(_ app: BenchApp) -> Int {
        app.events.last?.tMs ?? 0
    }
}

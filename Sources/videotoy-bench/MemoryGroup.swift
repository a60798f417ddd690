import Foundation
import VideoToyAppTesting
import VideoToyCore

/// Memory: peak RSS after scrolling the whole library, and over many play/stop cycles, with the growth between.
enum MemoryGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        try scroll(session)
        try cycles(session)
    }

    private static func scroll(_ session: BenchSession) throws {
        let n = session.options.n
        note("memory: scroll \(n) rows end to end with Page_Down")
        let app = try session.launch("scroll", [session.media.library.path])
        app.waitEvents(.library, count: 1, seconds: 60)
        session.pause(1)
        session.activateMainWindow()
        session.xdotool("key", "Tab")
        let start = ContinuousClock.now
        // A page is about three rows; press a few more times than needed, then End for good measure.
        let presses = n / 3 + 20
        session.xdotool("key", "--delay", "4", "--repeat", String(presses), "Page_Down")
        session.xdotool("key", "End")
        let scrollMs = start.duration(to: .now).wholeMilliseconds
        session.pause(3)
        _ = try? Command.run([
            PackagePaths.virtualDisplayScript.path, "-d", session.display.display, "shot",
            session.work.appendingPathComponent("scrolled.png").path, "DUMMY0",
        ])
        let peak = app.procKB("VmHWM"), rss = app.procKB("VmRSS"), split = app.residentSplit()
        app.stop()
        let peakMB = String(peak / 1024)
        session.add(
            BenchRow(
                id: "mem.scroll", metric: "peak RSS after scrolling \(n) rows end to end", value: peakMB, unit: "MB",
                target: "<= 250 MB", result: Figures.verdict(peakMB, .atMost, 250),
                note: "RSS at the end \(rss / 1024) MB: \(split); \(presses) Page_Down presses took \(scrollMs) ms"))
    }

    private static func cycles(_ session: BenchSession) throws {
        let cycles = session.options.cycles
        note("memory: \(cycles) play/stop cycles")
        let app = try session.launch("cycles", [session.media.cycles.path])
        app.waitEvents(.probe, count: 12, seconds: 30)
        session.activateMainWindow()
        // Growth is counted from cycle 20 (10 in a run of fewer cycles): the first cycles fill caches and pools.
        let from = cycles >= 40 ? 20 : 10
        var rssFrom = 0, completed = 0
        var trace: [String] = []
        let every = max(cycles / 5, 10)
        for c in 1...cycles {
            // Down/Up walk eleven of the items back and forth, ten steps each way; Return plays the selected one,
            // which pauses the last. Every 20th cycle then has the same item playing and the same ones paused, so
            // the growth compares like with like (with a period of 22, cycle 100 had other clips live than 20).
            session.xdotool("key", c == 1 || ((c - 2) / 10) % 2 == 0 ? "Down" : "Up")
            session.xdotool("key", "Return")
            guard app.waitEvents(.firstFrame, count: c, seconds: 15) else { break }
            completed = c
            session.pause(0.3)
            if c == from { rssFrom = app.procKB("VmRSS") }
            if c % every == 0 { trace.append("\(c):\(app.procKB("VmRSS") / 1024)") }
        }
        session.pause(1)
        let rssEnd = app.procKB("VmRSS"), peak = app.procKB("VmHWM"), split = app.residentSplit()
        app.stop()
        let growth = rssFrom > 0 && completed == cycles ? Figures.fixed(Double(rssEnd - rssFrom) * 100 / Double(rssFrom), 1) : ""
        let peakMB = String(peak / 1024)
        session.add(
            BenchRow(
                id: "mem.cycles.peak", metric: "peak RSS over \(cycles) play/stop cycles", value: peakMB, unit: "MB",
                target: "<= 250 MB", result: Figures.verdict(peakMB, .atMost, 250),
                note: "\(completed) cycles completed; at the end \(split)"))
        session.add(
            BenchRow(
                id: "mem.cycles.growth", metric: "RSS growth from cycle \(from) to cycle \(cycles)", value: growth, unit: "%",
                target: "<= 5%", result: Figures.verdict(growth, .atMost, 5),
                note:
                    "\(rssFrom / 1024) MB -> \(rssEnd / 1024) MB; MB after cycle: \(trace.isEmpty ? "none" : trace.joined(separator: " "))")
        )
    }
}

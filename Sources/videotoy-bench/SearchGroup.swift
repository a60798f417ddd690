import VideoToyCore

/// Search: each keystroke filters the whole library and hands the rows to the list.
enum SearchGroup {
    /// Typed in the search entry: narrows step by step to a few rows, then Escape shows every row again.
    static let query = "lib-0777"

    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let n = session.options.n
        note("search: typing in a library of \(n) files")
        let app = try session.launch("search", [session.media.library.path])
        if app.waitEvents(.library, count: 1, seconds: 60) {
            session.pause(2)
            session.activateMainWindow()
            session.xdotool("key", "ctrl+f")
            // Slower than the search entry's typing delay, so every keystroke is one search.
            session.xdotool("type", "--delay", "400", query)
            session.xdotool("key", "Escape")
            app.waitEvents(.search, count: query.count + 1, seconds: 30)
        }
        app.stop()
        let searches = app.events.filter { $0.name == EventName.search.rawValue }
        let times = searches.compactMap { $0[.ms]?.double.map { $0.rounded(.down) } }
        let from = searches.first?.tMs ?? 0
        let stalls = app.events.count(where: { $0.name == EventName.stall.rawValue && $0.tMs >= from - 500 })
        let median = Figures.median(times), worst = Figures.maximum(times)
        let each = times.isEmpty ? "none" : times.map(Figures.plain).joined(separator: " ")
        session.add(
            BenchRow(
                id: "search.keystroke", metric: "search: one keystroke, filter and rows handed to the list, N=\(n) (median)",
                value: median, unit: "ms", target: "<= 50 ms", result: Figures.verdict(median, .atMost, 50),
                note: "per keystroke of \"\(query)\" then Escape: \(each) ms"))
        session.add(
            BenchRow(
                id: "search.worst", metric: "search: slowest keystroke (one that changes thousands of rows)",
                value: worst, unit: "ms", target: "<= 50 ms", result: Figures.verdict(worst, .atMost, 50),
                note: "main-loop stalls while searching: \(stalls)"))
    }
}

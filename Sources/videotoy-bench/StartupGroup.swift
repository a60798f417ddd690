import VideoToyCore

/// Start-up: exec to the window shown, seen from outside, over several launches.
enum StartupGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let starts = session.options.starts
        note("startup: \(starts) launches")
        var values: [Double] = [], inside: [Int] = []
        for k in stride(from: 1, through: starts, by: 1) {
            let app = try session.launch("start-\(k)", [session.media.cycles.path])
            app.waitEvents(.ready, count: 1, seconds: 30)
            let ms = app.startupMs()
            if ms > 0 {
                values.append(Double(ms))
                inside.append(app.event(.ready)?.tMs ?? 0)
            }
            session.pause(0.5)
            app.stop()
        }
        let median = Figures.median(values)
        session.add(
            BenchRow(
                id: "startup", metric: "start-up: exec to window shown (ready), median of \(values.count)", value: median,
                unit: "ms", target: "<= 500 ms", result: Figures.verdict(median, .atMost, 500),
                note:
                    "runs: \(values.isEmpty ? "none" : values.map(Figures.plain).joined(separator: " ")); ready t_ms after main(): \(inside.isEmpty ? "none" : inside.map(String.init).joined(separator: " "))"
            ))
    }
}

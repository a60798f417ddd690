import VideoToyCore

/// Handoff to an external screen and back while a clip plays: how long each way, and whether the position held.
enum HandoffGroup {
    /// The output plugged and unplugged.
    static let output = "DUMMY1"

    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let cycles = session.options.handoffs
        note("handoff: \(cycles) plug/unplug cycles while the 30 s 720p clip plays")
        let clip = session.media.clip("720p.mp4")
        let app = try session.launch("handoff", ["--play", clip, clip])
        var done = 0
        var pairs = Pairs()
        if app.waitEvents(.firstFrame, count: 1, seconds: 30) {
            session.pause(1)
            for c in stride(from: 1, through: cycles, by: 1) {
                try session.display.plug(output, modes: ["1920x1080"])
                guard app.waitEvents(.firstFrame, count: c, seconds: 10, where: { $0[.window]?.string == output }) else { break }
                session.pause(1)
                try session.display.unplug(output)
                guard app.waitEvents(.firstFrame, count: c + 1, seconds: 10, where: { $0[.window]?.string == "main" }) else { break }
                done = c
                // Past the reconnect grace period, so the next plug is a new connection.
                session.pause(2.5)
            }
            pairs = Pairs(app.events)
        }
        app.stop()
        let screenWorst = Figures.maximum(pairs.toScreen.map(Double.init))
        let rowWorst = Figures.maximum(pairs.toRow.map(Double.init))
        let list = { (values: [Int]) in values.isEmpty ? "none" : values.map(String.init).joined(separator: " ") }
        session.add(
            BenchRow(
                id: "handoff.screen", metric: "handoff: screen connected to first frame there (worst of \(pairs.toScreen.count))",
                value: screenWorst, unit: "ms", target: "<= 300 ms", result: Figures.verdict(screenWorst, .atMost, 300),
                note: "each: \(list(pairs.toScreen))"))
        session.add(
            BenchRow(
                id: "handoff.row", metric: "handoff: unplug (route to row) to first frame in the row (worst of \(pairs.toRow.count))",
                value: rowWorst, unit: "ms", target: "<= 300 ms", result: Figures.verdict(rowWorst, .atMost, 300),
                note: "each: \(list(pairs.toRow))"))
        session.add(
            BenchRow(
                id: "handoff.position", metric: "handoffs whose position jumped back (> 100 ms)", value: String(pairs.jumps),
                unit: "count", target: "0", result: done > 0 ? Figures.verdict(String(pairs.jumps), .atMost, 0) : "n/a",
                note: "\(done) cycles completed"))
    }

    /// Each screen-connected paired with the next first frame on that screen, each route to the row with the next
    /// first frame in the main window; a first frame more than 100 ms before the route's position is a jump back.
    struct Pairs {
        /// Milliseconds from screen connected to the first frame there.
        var toScreen: [Int] = []
        /// Milliseconds from the route to the row to the first frame there.
        var toRow: [Int] = []
        /// Handoffs that resumed earlier than they left.
        var jumps = 0

        /// No handoffs.
        init() {}

        /// Pairs the events of one run.
        init(_ events: [EventRecord]) {
            var connected: Int?, routedToRow: Int?, rowPosition: Int?, screenPosition: Int?
            for event in events {
                switch event.eventName {
                case .screenConnected? where event[.connector]?.string == HandoffGroup.output:
                    connected = event.tMs
                case .route?:
                    if event[.to]?.string == "row" {
                        (routedToRow, rowPosition) = (event.tMs, event[.positionMs]?.int)
                    } else {
                        screenPosition = event[.positionMs]?.int
                    }
                case .firstFrame?:
                    let position = event[.positionMs]?.int
                    if event[.window]?.string == HandoffGroup.output, let start = connected {
                        toScreen.append(event.tMs - start)
                        if let position, let left = screenPosition, position + 100 < left { jumps += 1 }
                        connected = nil
                    } else if event[.window]?.string == "main", let start = routedToRow {
                        toRow.append(event.tMs - start)
                        if let position, let left = rowPosition, position + 100 < left { jumps += 1 }
                        routedToRow = nil
                    }
                default: break
                }
            }
        }
    }
}

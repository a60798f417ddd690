import Foundation
import Glibc
import VideoToyAppTesting

/// VideoToy beside the players people use (mpv, Celluloid, Totem, Clapper): the same clips fullscreen on one
/// 1920×1080 monitor, one player at a time, each figure compared with the best peer's.
enum PeersGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let root = session.media.folder.deletingLastPathComponent()
        let display = session.display
        try useOneFullHDMonitor(display)
        defer { restoreMonitor(display) }
        let bus = busPid(display)
        // VIDEOTOY_BENCH_PEERS=totem,clapper runs only those players (ids as in the rows), to redo some rows.
        let wanted = ProcessInfo.processInfo.environment["VIDEOTOY_BENCH_PEERS"].map { Set($0.split(separator: ",").map(String.init)) }
        let players = PeerPlayer.all(app: session.app).filter { wanted?.contains($0.id) ?? true }
        for clip in PeerClips.clips {
            let path = try PeerClips.prepare(clip, in: root.appendingPathComponent("peers-v1"))
            var results: [(PeerPlayer, PeerRun?)] = []
            for player in players {
                guard player.isVideoToy || onPath(player.program) else {
                    note("peers: \(player.name) is not installed (scripts/setup bench installs it)")
                    results.append((player, nil))
                    continue
                }
                note("peers: \(clip.name), \(player.name)")
                let run = PeerRun.measure(
                    player, clip: path, display: display, bus: bus, work: session.work, tag: "peers-\(clip.id)-\(player.id)")
                note("peers:   \(summary(run))")
                results.append((player, run))
            }
            addRows(session, clip: clip, results: results)
        }
    }

    /// The figures of one run on one line, for the terminal while the group runs.
    private static func summary(_ run: PeerRun) -> String {
        let cpu = run.cpu.map { Figures.fixed($0, 2) } ?? "?", pss = run.pss.map { Figures.fixed($0, 0) } ?? "?"
        return "cpu \(cpu) s, pss \(pss) MB, first frame \(run.firstFrameMs.map(String.init) ?? "?") ms, window "
            + "\(run.windowMs.map(String.init) ?? "?") ms, dropped \(run.dropped.map(String.init) ?? "-"), fullscreen "
            + "\(run.fullscreen), moving \(run.moving); \(run.remarks.joined(separator: "; "))"
    }

    /// One figure of a run, as text; empty when it was not measured or the run does not count.
    private typealias Figure = (id: String, metric: String, unit: String, read: @Sendable (PeerRun) -> String)

    private static let figures: [Figure] = [
        (
            "cpu", "CPU over \(PeerRun.seconds) s of fullscreen playback (process tree)", "CPU s",
            { $0.cpu.map { Figures.fixed($0, 2) } ?? "" }
        ),
        ("pss", "PSS at the end (process tree)", "MB", { $0.pss.map { Figures.fixed($0, 0) } ?? "" }),
        ("first-frame", "start to first frame on screen", "ms", { $0.firstFrameMs.map(String.init) ?? "" }),
        ("window", "start to window shown", "ms", { $0.windowMs.map(String.init) ?? "" }),
        ("dropped", "dropped frames (as the player counts them)", "frames", { $0.dropped.map(String.init) ?? "" }),
    ]

    /// Rows for one clip: every player's figures against the best peer's that played the clip fullscreen.
    private static func addRows(_ session: BenchSession, clip: PeerClips.Clip, results: [(PeerPlayer, PeerRun?)]) {
        let mpvX11 = results.first { $0.0.id == "mpv-x11" }?.1.flatMap { $0.counts ? $0 : nil }
        for figure in figures {
            let peerValues = results.compactMap { player, run -> (String, Double)? in
                guard !player.isVideoToy, let run, run.counts, let value = Double(figure.read(run)) else { return nil }
                return (player.name, value)
            }
            let best = peerValues.min { $0.1 < $1.1 }
            let bestText = best.map { Figures.plain($0.1) } ?? ""
            for (player, run) in results {
                let value = run.map(figure.read) ?? ""
                let ratio = Figures.ratio(value, bestText)
                var target = "info", result = "info"
                if player.isVideoToy {
                    (target, result) = verdict(figure.id, value: value, ratio: ratio, mpvX11: mpvX11.map(figure.read))
                }
                if let run, !run.counts { result = run.fullscreen ? "did not play" : "not fullscreen" }
                if run == nil { result = "not installed" }
                var note = best.map { "best peer \($0.0)" } ?? "no peer played"
                if let run {
                    if figure.id == "cpu" { note += "; " + run.remarks.joined(separator: "; ") }
                    if figure.id == "dropped", !run.droppedHow.isEmpty { note += "; " + run.droppedHow }
                }
                session.add(
                    BenchRow(
                        id: "peers.\(clip.id).\(player.id).\(figure.id)", metric: "\(clip.name) \(player.name): \(figure.metric)",
                        value: value, unit: figure.unit, anchor: bestText, ratio: ratio, target: target, result: result, note: note))
            }
        }
    }

    /// The issue's targets for VideoToy's figure `id`, as target text and verdict.
    private static func verdict(_ id: String, value: String, ratio: String, mpvX11: String?) -> (String, String) {
        switch id {
        case "cpu": return ("<= cheapest peer", Figures.verdict(ratio, .atMost, 1.0))
        case "pss":
            let limit = mpvX11.flatMap(Double.init).map { $0 * 1.3 }
            return (
                "<= 1.3x mpv --vo=x11 (\(limit.map { Figures.fixed($0, 0) } ?? "?") MB)",
                limit.map { Figures.verdict(value, .atMost, $0) } ?? "n/a"
            )
        case "first-frame": return ("<= fastest peer", Figures.verdict(ratio, .atMost, 1.0))
        case "dropped":
            let limit = mpvX11.flatMap(Double.init)
            return ("<= mpv --vo=x11 (\(mpvX11 ?? "?"))", limit.map { Figures.verdict(value, .atMost, $0) } ?? "n/a")
        default: return ("info", "info")
        }
    }

    /// Makes the display one 1920×1080 monitor at the origin: DUMMY1 on at that mode, the fixed DUMMY0 off.
    private static func useOneFullHDMonitor(_ display: VirtualDisplay) throws {
        try display.plug("DUMMY1", modes: ["1920x1080"])
        _ = try display.xrandr(["--output", "DUMMY1", "--pos", "0x0", "--primary", "--output", "DUMMY0", "--off"])
        _ = try display.xrandr(["--fb", "1920x1080"])
        let monitors = try display.monitors()
        note("peers: monitors \(monitors.map { "\($0)" }.joined(separator: ", "))")
    }

    /// Gives the display back its first monitor alone, as the other groups expect it.
    private static func restoreMonitor(_ display: VirtualDisplay) {
        _ = try? display.xrandr(["--output", "DUMMY0", "--auto", "--pos", "0x0", "--primary"])
        try? display.unplug("DUMMY1")
    }

    /// The display's session bus daemon, whose children during a row are that row's player's helpers.
    private static func busPid(_ display: VirtualDisplay) -> pid_t? {
        let number = display.display.drop { $0 == ":" }
        let file = "/tmp/videotoy-virtual-display/\(number)/dbus.pid"
        let text = try? String(
            contentsOfFile: ProcessInfo.processInfo.environment["VIRTUAL_DISPLAY_STATE"].map { "\($0)/\(number)/dbus.pid" } ?? file,
            encoding: .utf8)
        return text.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static func onPath(_ tool: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
}

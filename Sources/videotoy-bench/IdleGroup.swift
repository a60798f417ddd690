import Foundation
import Glibc
import VideoToyAppTesting

/// Idle cost: the demo library shown with nothing playing or probing, then the window minimised.
///
/// CPU is the process's user and system time over the span; wake-ups are the voluntary context switches of all its
/// threads (each one is a thread going to sleep, so each is followed by a wake-up).
enum IdleGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let seconds = session.options.quick ? 20 : 60
        note("idle: demo library, nothing playing, \(seconds) s shown and \(seconds) s minimised")
        let app = try session.launch("idle", ["--demo"])
        defer { app.stop() }
        app.waitEvents(.library, count: 1, seconds: 60)
        let settled = settle(app)
        let shown = measure(app, seconds: seconds)
        session.xdotool("search", "--sync", "--onlyvisible", "--name", "^VideoToy$", "windowminimize", "--sync")
        session.pause(2)
        let minimised = measure(app, seconds: seconds)
        for (state, figures) in [("shown", shown), ("minimised", minimised)] {
            let cpu = Figures.fixed(figures.cpuPercent, 3), wakeups = Figures.fixed(figures.wakeupsPerSecond, 1)
            session.add(
                BenchRow(
                    id: "idle.\(state).cpu", metric: "idle CPU, demo library, window \(state)", value: cpu, unit: "% of a core",
                    target: "<= 0.1 %", result: Figures.verdict(cpu, .atMost, 0.1),
                    note: "over \(seconds) s, after \(settled) s of settling"))
            session.add(
                BenchRow(
                    id: "idle.\(state).wakeups", metric: "idle wake-ups, all threads, window \(state)", value: wakeups,
                    unit: "/s", target: "<= 1 /s", result: Figures.verdict(wakeups, .atMost, 1),
                    note: "\(figures.threads) threads; busiest: \(figures.busiest)"))
        }
    }

    /// What one span cost.
    struct Span {
        /// CPU time over wall time, in percent of one core.
        var cpuPercent: Double
        /// Voluntary context switches of all threads per second.
        var wakeupsPerSecond: Double
        /// Threads alive at the end.
        var threads: Int
        /// The threads that woke most, e.g. "gdbus 0.4/s".
        var busiest: String
    }

    /// Waits until the app has finished its start-up work (probes, posters, cache writes): two quiet seconds in a row,
    /// at most 90 s. Returns the seconds it took.
    private static func settle(_ app: BenchApp) -> Int {
        var quiet = 0, waited = 0
        var last = cpuTicks(app.process.pid)
        while quiet < 2 && waited < 90 {
            sleep(1)
            waited += 1
            let now = cpuTicks(app.process.pid)
            quiet = now - last <= 1 ? quiet + 1 : 0
            last = now
        }
        return waited
    }

    private static func measure(_ app: BenchApp, seconds: Int) -> Span {
        let pid = app.process.pid
        let before = threadSwitches(pid), ticksBefore = cpuTicks(pid)
        let start = ContinuousClock.now
        sleep(UInt32(seconds))
        let wall = Double(start.duration(to: .now).wholeMilliseconds) / 1000
        let after = threadSwitches(pid), ticks = cpuTicks(pid) - ticksBefore
        var perThread: [(name: String, count: Int)] = []
        for (tid, end) in after {
            perThread.append((end.name, end.switches - (before[tid]?.switches ?? 0)))
        }
        let total = perThread.reduce(0) { $0 + $1.count }
        let busiest = perThread.filter { $0.count > 0 }.sorted { $0.count > $1.count }.prefix(3)
            .map { "\($0.name) \(Figures.fixed(Double($0.count) / wall, 1))/s" }.joined(separator: ", ")
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Span(
            cpuPercent: Double(ticks) / hertz / wall * 100, wakeupsPerSecond: Double(total) / wall, threads: after.count,
            busiest: busiest.isEmpty ? "none" : busiest)
    }

    /// utime + stime of the whole process, in clock ticks.
    private static func cpuTicks(_ pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name start at field 3 (state); utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12 else { return 0 }
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    /// Each thread's name and voluntary context switches.
    private static func threadSwitches(_ pid: Int32) -> [String: (name: String, switches: Int)] {
        let folder = "/proc/\(pid)/task"
        var result: [String: (name: String, switches: Int)] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let status = try? String(contentsOfFile: "\(folder)/\(tid)/status", encoding: .utf8) else { continue }
            var name = tid, switches = 0
            for line in status.split(separator: "\n") {
                if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("voluntary_ctxt_switches:") { switches = Int(line.split(separator: "\t").last ?? "") ?? 0 }
            }
            result[tid] = (name, switches)
        }
        return result
    }
}

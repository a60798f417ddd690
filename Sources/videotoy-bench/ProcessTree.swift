import Foundation
import Glibc

/// A player's processes read from /proc: its descendants, plus whatever the session bus started for it during the
/// row (Totem's and Celluloid's D-Bus-activated helpers), so CPU and memory count what playing the file cost.
struct ProcessTree {
    /// The player's own process.
    let root: pid_t
    /// The display's session bus, whose new children during the row belong to the player; nil when unknown.
    let bus: pid_t?
    /// Processes that existed before the row: never counted, never killed.
    let before: Set<pid_t>

    /// Every process now, for `before`.
    static func allPids() -> Set<pid_t> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(names.compactMap { pid_t($0) })
    }

    /// The processes of the tree now: the root's descendants and the bus's children that are new since `before`.
    func members() -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for pid in Self.allPids() {
            if let parent = Self.stat(pid)?.parent { children[parent, default: []].append(pid) }
        }
        var found: [pid_t] = []
        var queue = [root] + (bus.map { children[$0] ?? [] } ?? []).filter { !before.contains($0) }
        while let pid = queue.popLast() {
            guard !found.contains(pid) else { continue }
            found.append(pid)
            queue += children[pid] ?? []
        }
        return found.filter { Self.stat($0) != nil }
    }

    /// CPU seconds (user + system, and the reaped children's) of the tree's live processes.
    func cpuSeconds() -> Double {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return members().compactMap { Self.stat($0)?.ticks }.reduce(0) { $0 + Double($1) / ticks }
    }

    /// Proportional set size of the tree, in MB.
    func pssMB() -> Double {
        let kB = members().reduce(0) { total, pid in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return total }
            let line = text.split(separator: "\n").first { $0.hasPrefix("Pss:") }
            return total + (line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0)
        }
        return Double(kB) / 1024
    }

    /// The process names of the tree, for the notes.
    func names() -> [String] {
        members().compactMap { try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// SIGTERM to every member, SIGKILL after `grace` seconds to what is left, until none is.
    func kill(grace: Double = 3) {
        for pid in members() { Glibc.kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while !members().isEmpty, ContinuousClock.now < deadline { usleep(50_000) }
        for _ in 0..<20 {
            let left = members()
            if left.isEmpty { return }
            for pid in left { Glibc.kill(pid, SIGKILL) }
            usleep(100_000)
        }
    }

    /// The parent and the CPU ticks (utime, stime, cutime, cstime) of `pid`, nil once it is gone or a zombie.
    private static func stat(_ pid: pid_t) -> (parent: pid_t, ticks: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name, which may hold spaces: state, ppid, … utime is field 14 of the line.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 15, fields[0] != "Z", let parent = pid_t(fields[1]) else { return nil }
        let ticks = fields[11...14].compactMap { Int($0) }.reduce(0, +)
        return (parent, ticks)
    }
}

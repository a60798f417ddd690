import Foundation
import Glibc
import VideoToyAppTesting
import VideoToyCore

/// One launch of the app under measurement: the shared `AppProcess` plus what only the benchmark needs.
final class BenchApp {
    /// The running app and its events log.
    let process: AppProcess
    private let startup: StartupWatch

    /// Launches `binary` with `arguments`, its files kept in `folder` as `name.jsonl` and friends.
    /// With `choosingRenderer` the app picks its drawing path itself (`AppProcess`).
    init(
        binary: URL, arguments: [String], display: VirtualDisplay, environment: [String: String], folder: URL, name: String,
        choosingRenderer: Bool = false
    ) throws {
        // The watch starts on the log file before the app can write to it, so the first line is never missed.
        let log = folder.appendingPathComponent(name + ".jsonl")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        startup = StartupWatch(log: log)
        process = try AppProcess(
            arguments: arguments, display: display, environment: environment, binary: binary,
            keepingFilesIn: folder, named: name, accessibility: true,
            choosingRenderer: choosingRenderer)
    }

    /// Every event so far, read back into the app's own record type.
    var events: [EventRecord] { process.events().map(\.record) }

    /// Waits until the log holds at least `count` events `name` for which `matching` holds.
    ///
    /// False, with a note, when `seconds` pass or the app exits first.
    @discardableResult
    func waitEvents(_ name: EventName, count: Int, seconds: Double, where matching: (EventRecord) -> Bool = { _ in true }) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            // Read the exit state before the log, so events written just before exiting are counted.
            let running = process.isRunning
            let seen = events.count(where: { $0.name == name.rawValue && matching($0) })
            if seen >= count { return true }
            if !running {
                note("the app exited while waiting for \(name.rawValue)")
                return false
            }
            guard ContinuousClock.now < deadline else {
                note("timed out waiting for \(count) \(name.rawValue) events (\(seen) seen)")
                return false
            }
            // Reading a long log often would take CPU from the app being measured: poll slowly while far off.
            usleep(count - seen > 50 ? 500_000 : 50_000)
        }
    }

    /// The first (or last) event `name` for which `matching` holds.
    func event(_ name: EventName, last: Bool = false, where matching: (EventRecord) -> Bool = { _ in true }) -> EventRecord? {
        let all = events
        return last ? all.last { $0.name == name.rawValue && matching($0) } : all.first { $0.name == name.rawValue && matching($0) }
    }

    /// Milliseconds from exec to the `ready` line landing in the log, seen from outside; 0 if not seen.
    func startupMs() -> Int {
        guard let ready = startup.readyInstant() else { return 0 }
        return process.launchedAt.duration(to: ready).wholeMilliseconds
    }

    /// The app's own clock (its events' `t_ms`) at `instant` of the benchmark's clock, from when `ready` landed in the
    /// log as seen from outside (within the watch's 2 ms) and the `t_ms` the app wrote on it; nil without `ready`.
    func appMilliseconds(at instant: ContinuousClock.Instant) -> Double? {
        guard let landed = startup.readyInstant(), let ready = event(.ready) else { return nil }
        return Double(ready.tMs) + Double(landed.duration(to: instant).wholeMilliseconds)
    }

    /// A `/proc/PID/status` figure in kB, such as VmRSS or VmHWM; 0 once the app is gone.
    func procKB(_ key: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Where the resident memory is: the heap and other anonymous pages, and mapped files (libraries' code and
    /// data) with the three largest, as "anon A MB, files F MB (lib 44, …)".
    func residentSplit() -> String {
        let anon = procKB("RssAnon") / 1024, files = procKB("RssFile") / 1024
        var byFile: [String: Int] = [:]
        var mapping = ""
        if let smaps = try? String(contentsOfFile: "/proc/\(process.pid)/smaps", encoding: .utf8) {
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count >= 6, fields[0].contains("-") {
                    mapping = fields[5].hasPrefix("/") ? String(fields[5].split(separator: "/").last ?? "") : ""
                } else if fields.first == "Rss:", !mapping.isEmpty, fields.count >= 2 {
                    byFile[mapping, default: 0] += Int(fields[1]) ?? 0
                }
            }
        }
        let largest = byFile.sorted { $0.value > $1.value }.prefix(3).map { "\($0.key) \($0.value / 1024)" }
        return "anon \(anon) MB, files \(files) MB (\(largest.joined(separator: ", ")))"
    }

    /// Stops the app: SIGTERM, then SIGKILL after 5 s.
    func stop() {
        startup.cancel()
        process.terminate(timeout: 5)
    }
}

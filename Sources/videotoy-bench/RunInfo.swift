import Foundation
import VideoToyAppTesting

/// What a report says about the run itself: commit, machine, GStreamer, options, duration.
struct RunInfo {
    /// Short commit id, `+dirty` when the sources differ from it.
    var commit: String
    /// Cores, CPU model and memory.
    var machine: String
    /// GStreamer's version.
    var gstreamer: String
    /// The binary measured.
    var app: String
    /// The library size.
    var n: Int
    /// Whether --quick was given.
    var quick: Bool
    /// Seconds the whole run took.
    var seconds: Int
    /// When the report was written, UTC.
    var date = Date()

    /// Gathers the facts from git, /proc and gst-launch-1.0.
    static func gather(app: URL, options: BenchOptions, seconds: Int) -> RunInfo {
        func output(_ arguments: [String]) -> String? {
            guard let result = try? Command.run(arguments), result.status == 0 else { return nil }
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var commit = output(["git", "rev-parse", "--short", "HEAD"]) ?? "unknown"
        if (try? Command.run(["git", "diff", "--quiet", "HEAD", "--", "Sources", "Package.swift"]))?.status != 0 { commit += "+dirty" }
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "" } ?? ""
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let totalKB =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .flatMap { Double($0.split(whereSeparator: { $0 == " " }).dropFirst().first ?? "") } ?? 0
        let cores = output(["nproc"]) ?? String(ProcessInfo.processInfo.activeProcessorCount)
        let gst =
            output(["gst-launch-1.0", "--version"])?.split(separator: "\n")
            .first { $0.contains("GStreamer") }?.split(separator: " ").dropFirst().first.map(String.init) ?? "unknown"
        return RunInfo(
            commit: commit, machine: "\(cores) cores (\(model)), \(Int(totalKB / 1_048_576 + 0.5)) GiB", gstreamer: gst,
            app: app.path, n: options.n, quick: options.quick, seconds: seconds)
    }

    /// The report's first line.
    var headline: String {
        let config = URL(fileURLWithPath: app).deletingLastPathComponent().lastPathComponent
        return
            "VideoToy benchmark: commit \(commit), \(config) build, N=\(n)\(quick ? ", quick" : ""), \(machine), GStreamer \(gstreamer), \(seconds) s"
    }
}

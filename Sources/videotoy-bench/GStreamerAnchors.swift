import Foundation
import Glibc
import VideoToyAppTesting

/// GStreamer's own tools, run in the same run on the same files: the anchors the app's figures are compared to.
struct GStreamerAnchors {
    /// Scratch folder for their logs.
    let work: URL

    /// gst-launch's first frame: from the pipeline's first state change to playbin's async-done (the first video
    /// frame has reached the sink), both read from GStreamer's own debug-log clock; nil if not found.
    func timeToFirstFrame(clip: String) throws -> Double? {
        let log = work.appendingPathComponent("anchor-ttff.log")
        try? FileManager.default.removeItem(at: log)
        var environment = ProcessInfo.processInfo.environment
        environment["GST_DEBUG"] = "GST_STATES:4"
        environment["GST_DEBUG_NO_COLOR"] = "1"
        environment["GST_DEBUG_FILE"] = log.path
        let child = try ChildProcess(
            ["gst-launch-1.0", "-q", "playbin", "uri=file://\(clip)", "video-sink=fakesink sync=true"],
            environment: environment, stdout: "/dev/null", stderr: "/dev/null")
        // Three seconds is far past preroll; SIGINT lets it shut down as Ctrl-C would.
        sleep(3)
        child.send(SIGINT)
        _ = child.wait()
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n")
        guard let first = lines.first.flatMap(Self.seconds) else { return nil }
        let marker = "bin_handle_async_done:<playbin0> committing state from READY to PAUSED"
        guard let done = lines.first(where: { $0.contains(marker) }).flatMap(Self.seconds) else { return nil }
        return ((done - first) * 1000 * 10).rounded() / 10
    }

    /// gst-discoverer-1.0 over a whole folder in one process: milliseconds taken and files it finished.
    func discover(folder: String) throws -> (ms: Int, files: Int) {
        let out = work.appendingPathComponent("discoverer.out")
        try? FileManager.default.removeItem(at: out)
        let start = ContinuousClock.now
        let child = try ChildProcess(
            ["gst-discoverer-1.0", folder], environment: ProcessInfo.processInfo.environment,
            stdout: out.path, stderr: out.path)
        _ = child.wait()
        let ms = start.duration(to: .now).wholeMilliseconds
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return (ms, text.split(separator: "\n").count(where: { $0.hasPrefix("Done discovering") }))
    }

    /// gst-launch-1.0 playing `clip` with ximagesink on the display: its CPU cost and its QoS drop count.
    func play(clip: String, timeoutSeconds: Int = 90) throws -> (usage: ResourceUsage?, dropped: Int) {
        let out = work.appendingPathComponent("cpu-anchor.out")
        try? FileManager.default.removeItem(at: out)
        let child = try ChildProcess(
            ["gst-launch-1.0", "-m", "playbin", "uri=file://\(clip)", "video-sink=ximagesink"],
            environment: ProcessInfo.processInfo.environment, stdout: out.path, stderr: out.path)
        let deadline = ContinuousClock.now + .seconds(timeoutSeconds)
        while child.poll() == nil, ContinuousClock.now < deadline { usleep(10_000) }
        if child.poll() == nil { child.send(SIGTERM) }
        _ = child.wait()
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return (child.resourceUsage, Self.droppedFrames(inMessages: text))
    }

    /// QoS messages carry running totals per element: the last "dropped" of each element, added up.
    static func droppedFrames(inMessages text: String) -> Int {
        var last: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.contains("(qos)") {
            guard let count = line.firstRange(of: "dropped=(guint64)"),
                let from = line.firstRange(of: "from element \"")
            else { continue }
            let digits = line[count.upperBound...].prefix { $0.isNumber }
            let element = line[from.upperBound...].prefix { $0 != "\"" }
            if let value = Int(digits) { last[String(element)] = value }
        }
        return last.values.reduce(0, +)
    }

    /// The seconds of a debug-log line's leading `H:MM:SS.NNNNNNNNN` timestamp.
    private static func seconds(_ line: Substring) -> Double? {
        let parts = (line.split(separator: " ").first ?? "").split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + s
    }
}

import Foundation
import VideoToyAppTesting
import VideoToyCore

/// What playing 20 s of 1080p30 costs: CPU and dropped frames, against gst-launch-1.0 with ximagesink.
enum PlaybackCostGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let clip = session.media.clip("1080p.mp4")
        note("cpu: VideoToy plays the 20 s 1080p30 clip in its window")
        let app = try session.launch("cpu-app", ["--play", clip, "--exit-on-end", clip])
        let deadline = ContinuousClock.now + .seconds(90)
        while app.process.isRunning, ContinuousClock.now < deadline { session.pause(0.01) }
        app.stop()
        let appUsage = app.process.resourceUsage
        let appCPU = appUsage.map { Figures.fixed($0.cpuSeconds, 2) } ?? ""
        let firstFrame = app.event(.firstFrame)?.tMs
        let finished = app.event(.finished)
        let late: String
        if let firstFrame, let finished, let position = finished[.positionMs]?.int {
            late = String(finished.tMs - firstFrame - position)
        } else {
            late = "?"
        }

        note("cpu: gst-launch-1.0 playbin with ximagesink on the same display")
        let anchor = try session.anchors.play(clip: clip)
        let anchorCPU = anchor.usage.map { Figures.fixed($0.cpuSeconds, 2) } ?? ""
        let ratio = Figures.ratio(appCPU, anchorCPU)
        let wall = { (usage: ResourceUsage?) in usage.map { Figures.fixed($0.wallSeconds, 2) } ?? "?" }
        session.add(
            BenchRow(
                id: "cpu.play1080", metric: "CPU to play 20 s 1080p30 in the main window", value: appCPU, unit: "CPU s",
                anchor: anchorCPU, ratio: ratio, target: "<= 1.3x", result: Figures.verdict(ratio, .atMost, 1.3),
                note: "whole process, utime+stime; wall app \(wall(appUsage)) s, anchor \(wall(anchor.usage)) s"))
        let dropped = finished?[.framesDropped]?.int.map(String.init) ?? ""
        let shown = finished?[.framesShown]?.int.map(String.init) ?? "?"
        session.add(
            BenchRow(
                id: "cpu.dropped", metric: "dropped frames during that playback", value: dropped, unit: "frames",
                anchor: String(anchor.dropped), target: "<= 1% (6 of 600)", result: Figures.verdict(dropped, .atMost, 6),
                note:
                    "app: pictures replaced before the window drew them (finished event), \(shown) drawn; its playback ended \(late) ms later than the media time; anchor: ximagesink and decoder QoS totals"
            ))
    }
}

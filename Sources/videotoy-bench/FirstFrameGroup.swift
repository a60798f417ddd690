import Foundation
import VideoToyCore

/// Time to first frame of the 720p and 1080p clips, against gst-launch-1.0's preroll: played with `--play`, and
/// played with Return from a selected row that has pre-rolled.
enum FirstFrameGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let plays = session.options.plays
        var anchors: [String: String] = [:]
        for clip in ["720p", "1080p"] {
            note("ttff: \(clip), \(plays) plays")
            let path = session.media.clip(clip + ".mp4")
            var appValues: [Double] = [], anchorValues: [Double] = []
            for k in 0..<plays {
                let app = try session.launch("ttff-\(clip)-\(k + 1)", ["--play", path, path])
                // With --play the library event is the play request: the app asks for playback as the rows appear.
                if app.waitEvents(.firstFrame, count: 1, seconds: 30), let frame = app.event(.firstFrame), let asked = app.event(.library) {
                    appValues.append(Double(frame.tMs - asked.tMs))
                }
                app.stop()
                if let anchor = try session.anchors.timeToFirstFrame(clip: path) { anchorValues.append(anchor) }
            }
            let appMedian = Figures.median(appValues), anchorMedian = Figures.median(anchorValues, digits: 1)
            anchors[clip] = anchorMedian
            let ratio = Figures.ratio(appMedian, anchorMedian)
            session.add(
                BenchRow(
                    id: "ttff.\(clip)", metric: "time to first frame, \(clip) (median of \(appValues.count))",
                    value: appMedian, unit: "ms", anchor: anchorMedian, ratio: ratio, target: "<= 150 ms and <= 1.5x",
                    result: Figures.both(Figures.verdict(appMedian, .atMost, 150), Figures.verdict(ratio, .atMost, 1.5)),
                    note:
                        "app: play request (library event with --play) to first-frame; runs: \(appValues.map(Figures.plain).joined(separator: " "))"
                ))
        }
        for clip in ["720p", "1080p"] {
            try prerolled(session, clip: clip, anchor: anchors[clip] ?? "")
        }
    }

    /// Selection → Enter → first frame: the row is selected, its pipeline pre-rolls, and Return plays it.
    ///
    /// The key press is timed outside the app, just before xdotool starts (so xdotool's own start counts against the
    /// app), and put on the app's clock through the moment its `ready` line landed in the log.
    private static func prerolled(_ session: BenchSession, clip: String, anchor: String) throws {
        let plays = session.options.plays
        note("ttff: \(clip) pre-rolled, \(plays) plays")
        let path = session.media.clip(clip + ".mp4")
        var values: [Double] = []
        for k in 0..<plays {
            let app = try session.launch("ttff-preroll-\(clip)-\(k + 1)", [path])
            defer { app.stop() }
            guard app.waitEvents(.ready, count: 1, seconds: 30), app.waitEvents(.probe, count: 1, seconds: 30) else { continue }
            session.activateMainWindow()
            session.xdotool("key", "Down")
            guard app.waitEvents(.preroll, count: 1, seconds: 30) else { continue }
            let pressed = ContinuousClock.now
            session.xdotool("key", "Return")
            guard app.waitEvents(.firstFrame, count: 1, seconds: 30), let frame = app.event(.firstFrame),
                let pressedMs = app.appMilliseconds(at: pressed)
            else { continue }
            values.append(max(0, Double(frame.tMs) - pressedMs))
        }
        let median = Figures.median(values), ratio = Figures.ratio(median, anchor)
        session.add(
            BenchRow(
                id: "ttff.preroll.\(clip)", metric: "selection → Enter → first frame, \(clip) (median of \(values.count))",
                value: median, unit: "ms", anchor: anchor, ratio: ratio, target: "<= 1.0x",
                result: Figures.verdict(ratio, .atMost, 1.0),
                note:
                    "app: Return pressed (timed outside, on the app's clock through its ready line) on a pre-rolled row, to first-frame; runs: \(values.map(Figures.plain).joined(separator: " "))"
            ))
    }
}

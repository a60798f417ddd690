import VideoToyCore

/// Time to first frame of the 720p and 1080p clips, against gst-launch-1.0's preroll.
enum FirstFrameGroup {
    /// Runs the group and adds its rows.
    static func run(_ session: BenchSession) throws {
        let plays = session.options.plays
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
    }
}

/// The subtitle files beside one video, read: their tracks and notes for the menu, and the cues of each.
public struct SidecarSubtitles: Sendable {
    /// Subtitle files larger than this (8 MiB) are not read: real ones are a few hundred kilobytes.
    public static let largestFile = 8 << 20

    /// The tracks and notes.
    public let report: SidecarReport
    /// The cues of each file that has some.
    public let timelines: [TrackID: CueTimeline]

    /// Nothing beside the video.
    public init() {
        report = SidecarReport()
        timelines = [:]
    }

    /// Reads the subtitle files for the video named `videoName` among the names in its folder, with `contents` giving
    /// a file's bytes (nil when it cannot be read; files over `largestFile` are not asked for: `size` says).
    public init(videoName: String, siblings: [String], size: (String) -> Int?, contents: (String) -> [UInt8]?) {
        var report = SidecarReport()
        var timelines: [TrackID: CueTimeline] = [:]
        for file in SidecarFiles.matching(video: videoName, among: siblings) {
            let track = file.track
            let shown = PathBytes.display(file.name)
            let tooLarge = size(file.name).map { $0 > SidecarSubtitles.largestFile } ?? false
            guard !tooLarge, let bytes = contents(file.name) else {
                report.notes[track.id] = "\(shown) " + (tooLarge ? "is too large for a subtitle file" : "could not be read")
                report.unusable.append(track.id)
                continue
            }
            let document = SubtitleDocument.read(bytes, format: file.format)
            if let problem = document.problem { report.notes[track.id] = "\(shown) \(problem.message)" }
            if document.cues.isEmpty {
                report.unusable.append(track.id)
            } else {
                report.tracks.append(track)
                timelines[track.id] = CueTimeline(document.cues)
            }
        }
        self.report = report
        self.timelines = timelines
    }
}

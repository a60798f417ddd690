/// The subtitle files beside one video, read: their tracks and notes for the menu, and the cues of each.
public struct SidecarSubtitles: Sendable {
    /// Subtitle files larger than this (8 MiB) are not read: real ones are a few hundred kilobytes.
    public static let largestFile = 8 << 20

    /// The tracks and notes.
    public let report: SidecarReport
    /// The cues of each file that has some.
    public let timelines: [TrackID: CueTimeline]
    /// The encoding each file that was read is in, and why.
    public let encodings: [TrackID: EncodingDecision]

    /// Nothing beside the video.
    public init() {
        report = SidecarReport()
        timelines = [:]
        encodings = [:]
    }

    /// Reads the subtitle files for the video named `videoName` among the names in its folder, with `contents` giving
    /// a file's bytes (nil when it cannot be read; files over `largestFile` are not asked for: `size` says).
    public init(
        videoName: String, siblings: [String], size: (String) -> Int?, contents: (String) -> [UInt8]?,
        reading: SubtitleReading = SubtitleReading(), decoder: TextDecoding? = nil
    ) {
        self.init(videoName: videoName, siblings: siblings) {
            SidecarSubtitles.read($0, size: size, contents: contents, reading: reading, decoder: decoder)
        }
    }

    /// The subtitle files for the video named `videoName` among the names in its folder, each read by `read` (which
    /// may give up on a file that takes too long).
    public init(videoName: String, siblings: [String], read: (SidecarFile) -> SidecarRead) {
        var report = SidecarReport()
        var timelines: [TrackID: CueTimeline] = [:]
        var encodings: [TrackID: EncodingDecision] = [:]
        for file in SidecarFiles.matching(video: videoName, among: siblings) {
            let track = file.track
            let reading = read(file)
            if case .document(let document) = reading, let encoding = document.encoding { encodings[track.id] = encoding }
            if let problem = reading.problem { report.notes[track.id] = .file(name: PathBytes.display(file.name), problem: problem) }
            guard case .document(let document) = reading, !document.cues.isEmpty else {
                report.unusable.append(track.id)
                continue
            }
            report.tracks.append(track)
            timelines[track.id] = CueTimeline(document.cues)
        }
        self.report = report
        self.timelines = timelines
        self.encodings = encodings
    }

    /// Reads one file: its size first (a file over `largestFile` is not read), then its bytes, decoded and parsed.
    public static func read(
        _ file: SidecarFile, size: (String) -> Int?, contents: (String) -> [UInt8]?, reading: SubtitleReading = SubtitleReading(),
        decoder: TextDecoding? = nil
    ) -> SidecarRead {
        if let bytes = size(file.name), bytes > largestFile { return .tooLarge }
        guard let bytes = contents(file.name) else { return .unreadable }
        return .document(SubtitleDocument.read(bytes, format: file.format, reading: reading, decoder: decoder))
    }
}

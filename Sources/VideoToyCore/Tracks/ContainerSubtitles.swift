/// The subtitle tracks of a video that the app reads out of the file itself rather than through the player (WebVTT
/// in Matroska and WebM, which GStreamer's Matroska reader of this release does not know): the tracks, a note on
/// each that was not read whole, and their cues.
public struct ContainerSubtitles: Sendable {
    /// The tracks, with the ids the player gives the file's own subtitle tracks (`subtitles/N`, in stream order).
    public let tracks: [MediaTrack]
    /// Why a track shows fewer cues than it has, or none, by track.
    public let notes: [TrackID: SubtitleNote]
    /// The cues of each track, empty ones included.
    public let timelines: [TrackID: CueTimeline]

    /// Nothing read.
    public init() {
        tracks = []
        notes = [:]
        timelines = [:]
    }

    /// `tracks` with the cues read for each of them, the reading having ended as `end`.
    public init(tracks: [MediaTrack], cues: [TrackID: [SubtitleCue]], end: CueReadEnd) {
        self.tracks = tracks
        var notes: [TrackID: SubtitleNote] = [:]
        var timelines: [TrackID: CueTimeline] = [:]
        for track in tracks {
            let read = cues[track.id] ?? []
            notes[track.id] = end.note(cueCount: read.count)
            timelines[track.id] = CueTimeline(read)
        }
        self.notes = notes
        self.timelines = timelines
    }

    /// `report`, of the files beside the video, with these tracks and their notes added ahead of its files.
    public func adding(to report: SidecarReport) -> SidecarReport {
        SidecarReport(tracks: tracks + report.tracks, notes: report.notes.merging(notes) { file, _ in file }, unusable: report.unusable)
    }
}

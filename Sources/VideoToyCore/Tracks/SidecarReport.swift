/// The subtitle files found beside a video: those that can be shown, and what is wrong with the others.
public struct SidecarReport: Hashable, Sendable {
    /// The files that have cues, as subtitle tracks.
    public var tracks: [MediaTrack]
    /// A note on a file, by its track: damage in a file that still shows its first cues, or why one shows nothing.
    public var notes: [TrackID: SubtitleNote]
    /// The files that cannot be shown at all (not text, empty), listed in the menu with their note.
    public var unusable: [TrackID]

    /// A report.
    public init(tracks: [MediaTrack] = [], notes: [TrackID: SubtitleNote] = [:], unusable: [TrackID] = []) {
        self.tracks = tracks
        self.notes = notes
        self.unusable = unusable
    }
}

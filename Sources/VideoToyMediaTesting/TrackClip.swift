import VideoToyCore

/// One generated video with audio and subtitle tracks: where it is, and what its tracks must be found to be.
public struct TrackClip: Sendable {
    /// The file's path.
    public let path: String
    /// The clip's length in milliseconds.
    public let durationMs: Int
    /// The audio tracks in file order, as a track list must report them.
    public let audio: [MediaTrack]
    /// The embedded subtitle tracks in file order, as a track list must report them.
    public let subtitles: [MediaTrack]
    /// The sine tone each audio track plays, in hertz.
    public let tones: [TrackID: Int]
    /// The cues of each embedded subtitle track, in time order.
    public let cues: [TrackID: [FixtureCue]]

    /// Describes a clip.
    public init(
        path: String, durationMs: Int, audio: [MediaTrack], subtitles: [MediaTrack], tones: [TrackID: Int], cues: [TrackID: [FixtureCue]]
    ) {
        self.path = path
        self.durationMs = durationMs
        self.audio = audio
        self.subtitles = subtitles
        self.tones = tones
        self.cues = cues
    }

    /// The file's name, without its folder.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The text subtitle track `id` shows at `ms` milliseconds, nil between cues.
    public func text(of id: TrackID, atMs ms: Int) -> String? {
        cues[id]?.first { $0.covers(ms: ms) }?.text
    }
}

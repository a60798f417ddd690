/// The videos with tracks `TrackClips.make` writes into one folder, and the subtitle files beside the plain one.
public struct TrackClipSet: Sendable {
    /// The folder holding every file.
    public let folder: String
    /// `tracks.mkv`: two audio tracks on different tones, SubRip and ASS subtitles, and a forced SubRip track.
    public let tracks: TrackClip
    /// `movtext.mp4`: one AAC track and one mov_text subtitle track.
    public let movText: TrackClip
    /// `webvtt.webm`: one Opus track and one WebVTT subtitle track.
    public let webVTT: TrackClip
    /// `plain.mp4`: one AAC track and no embedded subtitles; the sidecar files are beside it.
    public let plain: TrackClip
    /// The subtitle files beside `plain.mp4`, in the order `TrackClips.sidecarNames` lists them.
    public let sidecars: [SidecarFixture]

    /// Describes a set.
    public init(folder: String, tracks: TrackClip, movText: TrackClip, webVTT: TrackClip, plain: TrackClip, sidecars: [SidecarFixture]) {
        self.folder = folder
        self.tracks = tracks
        self.movText = movText
        self.webVTT = webVTT
        self.plain = plain
        self.sidecars = sidecars
    }

    /// Every video of the set.
    public var clips: [TrackClip] { [tracks, movText, webVTT, plain] }

    /// The sidecar file named `fileName` ("plain.fr.srt"), if the set has it.
    public func sidecar(_ fileName: String) -> SidecarFixture? { sidecars.first { $0.fileName == fileName } }
}

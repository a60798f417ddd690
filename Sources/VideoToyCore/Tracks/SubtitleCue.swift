/// One subtitle shown from `startMs` until just before `endMs`, as plain text.
public struct SubtitleCue: Hashable, Sendable {
    /// When the cue appears, in milliseconds from the start of the video.
    public let startMs: Int
    /// When the cue disappears: it shows while `startMs <= t < endMs`.
    public let endMs: Int
    /// The words, with every markup tag removed and lines joined by "\n".
    public let text: String
    /// Where on the picture the cue sits.
    public let placement: SubtitlePlacement

    /// Describes a cue.
    public init(startMs: Int, endMs: Int, text: String, placement: SubtitlePlacement = .bottom) {
        self.startMs = startMs
        self.endMs = endMs
        self.text = text
        self.placement = placement
    }
}

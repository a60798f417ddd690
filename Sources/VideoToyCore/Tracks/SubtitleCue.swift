/// One subtitle shown from `startMs` until just before `endMs`, as styled text.
public struct SubtitleCue: Hashable, Sendable {
    /// When the cue appears, in milliseconds from the start of the video.
    public let startMs: Int
    /// When the cue disappears: it shows while `startMs <= t < endMs`.
    public let endMs: Int
    /// The words, with every markup tag removed and lines joined by "\n".
    public let text: String
    /// The words in the styles the markup gave them.
    public let styled: StyledText
    /// Where on the picture the cue sits.
    public let placement: SubtitlePlacement

    /// Describes a cue of plain text.
    public init(startMs: Int, endMs: Int, text: String, placement: SubtitlePlacement = .bottom) {
        self.init(startMs: startMs, endMs: endMs, styled: StyledText(plain: text), placement: placement)
    }

    /// Describes a cue of styled text.
    public init(startMs: Int, endMs: Int, styled: StyledText, placement: SubtitlePlacement = .bottom) {
        self.startMs = startMs
        self.endMs = endMs
        self.text = styled.plain
        self.styled = styled
        self.placement = placement
    }
}

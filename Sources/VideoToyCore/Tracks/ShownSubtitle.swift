/// The subtitle text a view shows now, and where.
public struct ShownSubtitle: Hashable, Sendable {
    /// The text, lines separated by "\\n".
    public let text: String
    /// At the bottom of the picture, or at its top.
    public let placement: SubtitlePlacement

    /// Text to show.
    public init(text: String, placement: SubtitlePlacement) {
        self.text = text
        self.placement = placement
    }
}

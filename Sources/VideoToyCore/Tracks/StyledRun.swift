/// A stretch of subtitle text drawn in one style; it may hold line breaks ("\n").
public struct StyledRun: Hashable, Sendable {
    /// The words, as they show.
    public let text: String
    /// How they are drawn.
    public let style: SubtitleStyle

    /// A run of `text` in `style`.
    public init(_ text: String, _ style: SubtitleStyle = .plain) {
        self.text = text
        self.style = style
    }
}

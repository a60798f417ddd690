/// The subtitle text a view shows now, and where.
public struct ShownSubtitle: Hashable, Sendable {
    /// The text, lines separated by "\\n".
    public let text: String
    /// The text in its styles.
    public let styled: StyledText
    /// Where on the picture it sits.
    public let placement: SubtitlePlacement

    /// Plain text to show.
    public init(text: String, placement: SubtitlePlacement) {
        self.init(styled: StyledText(plain: text), placement: placement)
    }

    /// Styled text to show.
    public init(styled: StyledText, placement: SubtitlePlacement) {
        self.text = styled.plain
        self.styled = styled
        self.placement = placement
    }
}

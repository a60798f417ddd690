/// How a stretch of subtitle text is drawn: its emphasis and colour; the font and size are the view's.
public struct SubtitleStyle: Hashable, Sendable {
    /// Slanted.
    public var isItalic: Bool
    /// Heavier than the view's usual weight.
    public var isBold: Bool
    /// With a line under it.
    public var isUnderlined: Bool
    /// With a line through it.
    public var isStruckThrough: Bool
    /// The colour of the letters; nil for the view's own.
    public var colour: SubtitleColour?

    /// A style; by default the view's plain text.
    public init(
        isItalic: Bool = false, isBold: Bool = false, isUnderlined: Bool = false, isStruckThrough: Bool = false,
        colour: SubtitleColour? = nil
    ) {
        self.isItalic = isItalic
        self.isBold = isBold
        self.isUnderlined = isUnderlined
        self.isStruckThrough = isStruckThrough
        self.colour = colour
    }

    /// The view's own text: no emphasis, its colour.
    public static let plain = SubtitleStyle()
}

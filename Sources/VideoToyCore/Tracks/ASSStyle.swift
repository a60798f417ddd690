/// What a line of an ASS or SSA `Styles` section gives the lines that name it: the look of their text and where
/// they sit. Fonts, sizes, outlines, shadows and margins are not read: the view draws every cue in its own font.
struct ASSStyle: Hashable, Sendable {
    /// PrimaryColour, Bold, Italic, Underline and StrikeOut.
    var look: SubtitleStyle
    /// Alignment.
    var placement: SubtitlePlacement

    init(look: SubtitleStyle = .plain, placement: SubtitlePlacement = .bottom) {
        self.look = look
        self.placement = placement
    }

    /// The style a `Style:` line's values give, by the section's Format names (lowercased); SSA's `[V4 Styles]`
    /// numbers alignments its own way (`legacy`). Fields that are missing or unreadable keep the plain look and the
    /// bottom centre.
    init(fields: [String], values: [Substring], legacy: Bool) {
        let value = { (name: String) -> Substring? in fields.firstIndex(of: name).map { values[$0].trimmingWhitespace() } }
        // ASS writes -1 for true; any number other than 0 is true, as libass reads it.
        let flag = { (name: String) -> Bool in value(name).flatMap { Int($0) }.map { $0 != 0 } ?? false }
        look = SubtitleStyle(
            isItalic: flag("italic"), isBold: flag("bold"), isUnderlined: flag("underline"), isStruckThrough: flag("strikeout"),
            colour: value("primarycolour").flatMap { SubtitleColour.ass($0, inStyle: true) })
        placement =
            value("alignment").flatMap { Int($0) }.flatMap { SubtitlePlacement(alignment: $0, legacy: legacy) } ?? .bottom
    }
}

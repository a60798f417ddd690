/// Which parts of a video's control bar fit its width: the seek bar keeps a usable width before anything else.
///
/// In a row the bar is as narrow as the row's video slot; there a volume slider beside the seek bar left it
/// about 20 px wide. Parts that have another way in (the mute button and Up/Down for the volume, the keyboard
/// for scaling) give way first.
public struct ControlsLayout: Equatable, Sendable {
    /// A part of the bar that may be left out, in the order they give way.
    public enum Part: CaseIterable, Hashable, Sendable {
        /// The title (full controls only).
        case title
        /// The volume slider; the mute button stays.
        case volumeSlider
        /// The scaling menu.
        case scalingMenu
        /// The position and duration text.
        case time
        /// The "Audio and subtitles" menu (B and V also switch tracks).
        case trackMenu
        /// The "Audio output" menu, the last to give way: the presenter panel in a row is where it is needed.
        case audioMenu
    }

    /// The narrowest seek bar that is still usable with a pointer.
    public static let minimumSeekWidth = 120

    /// The parts shown.
    public let shown: Set<Part>

    /// Lays out a bar `available` pixels wide whose fixed parts (buttons, spacing, padding) take `fixed`, where
    /// each optional part takes `widths[part]` (spacing included) and `wanted` are the parts the style asks for.
    public static func fitting(available: Int, fixed: Int, widths: [Part: Int], wanted: Set<Part>) -> ControlsLayout {
        var shown = wanted
        var used = fixed + shown.reduce(0) { $0 + (widths[$1] ?? 0) }
        for part in Part.allCases where shown.contains(part) && used + minimumSeekWidth > available {
            shown.remove(part)
            used -= widths[part] ?? 0
        }
        return ControlsLayout(shown: shown)
    }
}

/// What a video view's overlay shows at a moment, decided from the style, the debug flag and recent input.
public struct ControlsDecision: Equatable, Sendable {
    /// Whether the control bar is visible.
    public let showControls: Bool
    /// Whether the bar carries the title.
    public let showTitle: Bool
    /// Whether the pointer is hidden over the video.
    public let hideCursor: Bool

    /// How long embedded controls stay after the last input.
    public static let fadeAfterMs = 3000

    /// Decides for `style`; `idleMs` is the time since the last pointer or key input over the view.
    ///
    /// Debug builds of the seed always showed controls so a long video can be skipped; `--debug` does the same.
    /// A paused video keeps its controls, since the user will want to resume it.
    public static func decide(style: ControlStyle, debug: Bool, idleMs: Int, playing: Bool) -> ControlsDecision {
        if debug {
            return ControlsDecision(showControls: true, showTitle: style == .full, hideCursor: false)
        }
        switch style {
        case .none:
            return ControlsDecision(showControls: false, showTitle: false, hideCursor: true)
        case .embedded:
            let visible = !playing || idleMs < fadeAfterMs
            return ControlsDecision(showControls: visible, showTitle: false, hideCursor: !visible)
        case .full:
            return ControlsDecision(showControls: true, showTitle: true, hideCursor: false)
        }
    }
}

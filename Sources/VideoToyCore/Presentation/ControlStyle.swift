/// How much playback control a video view shows (`--controls`).
public enum ControlStyle: String, Sendable, CaseIterable {
    /// No controls and no cursor over the video: a kiosk.
    case none
    /// Controls over the video that fade out after a few seconds without input.
    case embedded
    /// Embedded controls plus the title and the time, always shown.
    case full
}

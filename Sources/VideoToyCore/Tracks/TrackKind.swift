/// What a track carries.
public enum TrackKind: String, Hashable, Sendable, CaseIterable {
    /// A soundtrack.
    case audio
    /// Subtitle text, embedded in the file or in a file beside it.
    case subtitles
}

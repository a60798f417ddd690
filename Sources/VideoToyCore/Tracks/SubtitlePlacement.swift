/// Where a cue sits on the picture: subtitles go at the bottom unless the file puts them at the top, as it does to
/// keep clear of text burnt into the picture.
public enum SubtitlePlacement: Hashable, Sendable {
    /// Along the bottom edge, the usual place.
    case bottom
    /// Along the top edge.
    case top
}

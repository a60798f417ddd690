/// The second line of a row: what is known of its file, or why it cannot play.
public enum RowDetail: Hashable, Sendable {
    /// The file is still being read.
    case reading
    /// Duration, resolution, codec, tracks and any damage, as values (VideoToyText joins them into the line).
    case summary(MediaSummary)
    /// The file cannot be played, and why.
    case failed(ProbeFailure)
}

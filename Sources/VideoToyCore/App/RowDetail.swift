/// The second line of a row: what is known of its file, or why it cannot play.
public enum RowDetail: Hashable, Sendable {
    /// The file is still being read.
    case reading
    /// Duration, resolution, codec and any damage: the figures and names joined as `MediaInfo.summary` joins them.
    case summary(String)
    /// The file cannot be played, and why.
    case failed(ProbeFailure)
}

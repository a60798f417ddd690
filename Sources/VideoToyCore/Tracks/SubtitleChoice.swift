/// A subtitle choice the user made: a track, or none.
public enum SubtitleChoice: Hashable, Sendable {
    /// No subtitles.
    case off
    /// This track.
    case track(TrackID)

    /// The chosen track, nil when off.
    public var track: TrackID? {
        if case .track(let id) = self { return id }
        return nil
    }
}

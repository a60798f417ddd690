/// How reading a video's own subtitle cues out of its container ended, which the track menu's note tells.
public enum CueReadEnd: Hashable, Sendable {
    /// Every packet of the file was read.
    case complete
    /// The container could not be read on; the last cue read started at `atMs` (nil: none was read).
    case damaged(atMs: Int?)
    /// The cues' text outgrew `EmbeddedWebVTT.largestText`; the last cue kept started at `atMs`.
    case tooLarge(atMs: Int?)
    /// Reading took longer than allowed; the last cue read started at `atMs`.
    case tookTooLong(atMs: Int?)

    /// The note on a track of which `cueCount` cues were read, nil when none is missing.
    public func note(cueCount: Int) -> SubtitleNote? {
        self == .complete && cueCount > 0 ? nil : .track(end: self, cueCount: cueCount)
    }
}

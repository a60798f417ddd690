/// How reading a video's own subtitle cues out of its container ended, and what the track menu says about it.
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
    public func note(cueCount: Int) -> String? {
        switch self {
        case .complete:
            return cueCount == 0 ? "This track has no subtitles in it" : nil
        case .damaged(let ms):
            guard cueCount > 0 else { return "The file is damaged: no cue of this track could be read" }
            let shown = cueCount == 1 ? "the cue before it is shown" : "the \(cueCount) cues before it are shown"
            return "The file is damaged after \(Self.clock(ms)): \(shown)"
        case .tooLarge(let ms):
            let limit = EmbeddedWebVTT.largestText >> 20
            return "This track holds more than \(limit) MiB of text: the cues up to \(Self.clock(ms)) are shown"
        case .tookTooLong(let ms):
            guard cueCount > 0 else { return "Reading this track took too long: no cue could be read" }
            return "Reading this track took too long: the cues up to \(Self.clock(ms)) are shown"
        }
    }

    private static func clock(_ ms: Int?) -> String { TimeFormat.clock(milliseconds: ms ?? 0) }
}

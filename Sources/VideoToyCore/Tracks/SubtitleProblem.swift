/// Why a subtitle file beside a video shows fewer cues than it should, or none: what the track menu says after the
/// file's name, worded by the adapters.
public enum SubtitleProblem: Error, Hashable, Sendable {
    /// The file has no bytes, or only white space.
    case empty
    /// The file holds binary data, such as a picture or a video renamed.
    case notText
    /// The file is well formed but holds no cue.
    case noSubtitles
    /// The file is text but nothing in it reads as this format.
    case notA(SubtitleFormat)
    /// The file is damaged from `atLine` (1-based) on; `before` cues were read ahead of the damage and `after`
    /// behind it.
    case damaged(atLine: Int, before: Int, after: Int)
    /// The file is larger than `SidecarSubtitles.largestFile` and was not read.
    case tooLarge
    /// The file could not be opened or read.
    case unreadable
    /// Reading and parsing it took longer than `seconds`: given up.
    case tooSlow(seconds: Int)
    /// The time for the video's subtitle files was used up by those before it: not tried.
    case notReached
}

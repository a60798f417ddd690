/// What the track menu and the terminal say about a subtitle track that shows fewer cues than it should, or none:
/// the file beside the video and its problem, or how reading the video's own track ended.
public enum SubtitleNote: Hashable, Sendable {
    /// The subtitle file named `name` (as it is shown) has `problem`.
    case file(name: String, problem: SubtitleProblem)
    /// Reading the cues of a track of the video's own ended as `end`, with `cueCount` cues read.
    case track(end: CueReadEnd, cueCount: Int)
}

/// Why a subtitle file shows fewer cues than it should, in the words a user reads in the track menu after the file's
/// name: "is empty", "is not a text file", "is damaged at line 57: the 12 cues before it are shown".
public struct SubtitleProblem: Error, Hashable, Sendable {
    /// The sentence without its subject: the caller puts the file name before it.
    public let message: String

    /// Describes a problem in those words.
    public init(message: String) { self.message = message }

    /// The file has no bytes, or only white space.
    public static let empty = SubtitleProblem(message: "is empty")
    /// The file holds binary data, such as a picture or a video renamed.
    public static let notText = SubtitleProblem(message: "is not a text file")
    /// The file is well formed but holds no cue.
    public static let noSubtitles = SubtitleProblem(message: "has no subtitles in it")

    /// The file is text but nothing in it reads as `format`.
    public static func notA(_ format: SubtitleFormat) -> SubtitleProblem {
        SubtitleProblem(message: "is not \(format.withArticle) file")
    }

    /// The file is damaged from `line` (1-based) on; `before` cues were read ahead of the damage and `after` behind it.
    public static func damaged(atLine line: Int, before: Int, after: Int) -> SubtitleProblem {
        let shown: String
        switch (before, after) {
        case (0, 0): shown = "no cue could be read"
        case (1, 0): shown = "the cue before it is shown"
        case (_, 0): shown = "the \(before) cues before it are shown"
        case (0, 1): shown = "the cue after it is shown"
        case (0, _): shown = "the \(after) cues after it are shown"
        default: shown = "the \(cues(before)) before it and the \(cues(after)) after it are shown"
        }
        return SubtitleProblem(message: "is damaged at line \(line): \(shown)")
    }

    private static func cues(_ count: Int) -> String { count == 1 ? "cue" : "\(count) cues" }
}

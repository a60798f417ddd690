/// What reading one subtitle file beside a video gave: its document, or why there is none.
public enum SidecarRead: Hashable, Sendable {
    /// The file was read (its document may still say it is damaged or empty).
    case document(SubtitleDocument)
    /// The file is larger than `SidecarSubtitles.largestFile` and was not read.
    case tooLarge
    /// The file could not be opened or read.
    case unreadable
    /// Reading and parsing it took longer than `seconds` (a share that stops answering, a huge file): given up.
    case tooSlow(seconds: Int)
    /// The time for the video's subtitle files was used up by those before it: not tried.
    case notReached

    /// What the menu says is wrong with the file, nil when the document has nothing to add.
    var problem: SubtitleProblem? {
        switch self {
        case .document(let document): document.problem
        case .tooLarge: .tooLarge
        case .unreadable: .unreadable
        case .tooSlow(let seconds): .tooSlow(seconds: seconds)
        case .notReached: .notReached
        }
    }
}

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

    /// The note the menu shows after the file's name, nil when the document has none to add.
    var note: String? {
        switch self {
        case .document(let document): document.problem?.message
        case .tooLarge: "is too large for a subtitle file"
        case .unreadable: "could not be read"
        case .tooSlow(let seconds): "is too slow to read (more than \(seconds) s)"
        case .notReached: "was not read: reading the subtitle files before it took too long"
        }
    }
}

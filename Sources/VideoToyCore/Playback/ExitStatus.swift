/// How the application ends when the last video's end makes it quit.
public enum ExitStatus: Int32, Hashable, Sendable {
    /// The last video played to its end.
    case finished = 0
    /// The last video ended in an error.
    case failed = 1
}

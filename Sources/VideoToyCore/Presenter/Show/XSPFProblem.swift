/// Why a show file could not be read as an XSPF playlist; the words for the user are added outside the core.
public enum XSPFProblem: Error, Hashable, Sendable {
    /// The file is larger than any show needs (over `XSPFReader.maximumBytes`).
    case tooLarge
    /// The file is not XML, or its root element is not an XSPF `playlist`.
    case notAPlaylist
    /// The playlist is cut short or nested beyond reason; `line` is the 1-based line where the problem is.
    case damaged(line: Int)
}

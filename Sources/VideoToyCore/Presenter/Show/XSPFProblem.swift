/// Why a show file could not be read.
public enum XSPFProblem: Error, Hashable, Sendable {
    /// It is larger than a show file can be.
    case tooLarge
    /// It is XML, but not an XSPF playlist.
    case notAPlaylist
    /// It breaks off or is malformed at this line (from 1).
    case damaged(line: Int)
}

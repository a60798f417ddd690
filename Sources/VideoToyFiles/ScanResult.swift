import VideoToyCore

/// What a scan found: the videos to list and the places it could not look into.
public struct ScanResult: Sendable, Hashable {
    /// Absolute paths of the videos found, sorted; names that are not UTF-8 are kept as `PathBytes` strings.
    public var videos: [String]
    /// One readable message per folder or path that could not be read.
    public var problems: [String]
    /// Every folder the scan went into (given ones and those inside them), each once, in the order it went in.
    public var folders: [String]
    /// The files in those folders named like subtitle files (`SubtitleFormat`), by name alone: what `SidecarLanguages`
    /// matches to the videos beside them.
    public var subtitles: [String]
    /// The folders whose every entry was looked at (one that stopped answering halfway is not among them).
    public var listed: [String]
    /// When the scan began, and the stamp of every folder it read whole.
    public var stamps = ScanStamps(began: FolderStamp(seconds: 0, nanoseconds: 0))

    /// Creates a result.
    public init(videos: [String] = [], problems: [String] = [], folders: [String] = [], subtitles: [String] = [], listed: [String] = []) {
        self.videos = videos
        self.problems = problems
        self.folders = folders
        self.subtitles = subtitles
        self.listed = listed
    }

    /// Which of the videos found have subtitle files beside them, and in which languages.
    public var sidecars: SidecarLanguages { SidecarLanguages(videos: videos, subtitles: subtitles, listed: listed) }
}

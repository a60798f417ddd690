/// One video of a show, as its file keeps it: a path, not an item, so a show outlives the library's ids.
public struct ShowEntry: Hashable, Sendable {
    /// The video's file, an absolute path.
    public var path: String
    /// The title the list shows (the file name when the show file gives none).
    public var title: String
    /// Its duration as last known, in milliseconds.
    public var durationMs: Int?
    /// The soundtrack and subtitles chosen for it in this show; nil keeps whatever the user picked last.
    public var tracks: TrackChoice?

    /// An entry for `path`, titled by its file name unless `title` says otherwise.
    public init(path: String, title: String? = nil, durationMs: Int? = nil, tracks: TrackChoice? = nil) {
        self.path = path
        self.title = title ?? ShowEntry.fileName(of: path)
        self.durationMs = durationMs
        self.tracks = tracks
    }

    /// The last component of `path`.
    static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}

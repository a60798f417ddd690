/// How a track is named in menus and notices, as values: its language (or its number), its title, whether it is
/// forced, the subtitle file it is, and its codec where two tracks would otherwise read alike.
public struct TrackLabel: Hashable, Sendable {
    /// The language's name ("French"), if the track has one.
    public var language: String?
    /// The track's place among the tracks of its kind, from 1: named when it has no language.
    public var number: Int
    /// The title the file gives it ("Commentary"), if any.
    public var title: String?
    /// Whether the file marks it forced (shown even with subtitles off, for foreign dialogue).
    public var isForced: Bool
    /// The subtitle file beside the video it is read from, if it is one.
    public var fileName: String?
    /// The codec, set only to tell apart two tracks alike in everything else.
    public var codec: String?

    /// A label of these parts.
    public init(
        language: String? = nil, number: Int, title: String? = nil, isForced: Bool = false, fileName: String? = nil,
        codec: String? = nil
    ) {
        self.language = language
        self.number = number
        self.title = title
        self.isForced = isForced
        self.fileName = fileName
        self.codec = codec
    }
}

/// What a row's second line says of a probed file, as values: the probe's facts and the languages of the subtitle
/// files beside it; VideoToyText words it ("1:01 · 1920×1080 · H.264 · subtitles en, fr").
public struct MediaSummary: Hashable, Sendable {
    /// What probing learned: duration, size, codecs, soundtracks, subtitles, what is missing or damaged.
    public var info: MediaInfo
    /// The languages of the subtitle files beside the video (`SidecarLanguages`), in `SidecarFiles` order.
    public var sidecars: [Language?]

    /// The summary of `info`, with these subtitle files beside it.
    public init(_ info: MediaInfo, sidecars: [Language?] = []) {
        self.info = info
        self.sidecars = sidecars
    }
}

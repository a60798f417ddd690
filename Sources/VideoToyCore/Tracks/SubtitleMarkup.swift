/// Turns the subtitle text GStreamer's parsers give (marked up for Pango) into the plain text a view shows, with the
/// same rules as the cues of subtitle files beside the video.
public enum SubtitleMarkup {
    /// `text` without its tags and override blocks, its character references read, and where a `{\an8}`-style block
    /// puts it.
    public static func plainText(pango text: String) -> (text: String, placement: SubtitlePlacement) {
        CueMarkup.pango(text)
    }
}

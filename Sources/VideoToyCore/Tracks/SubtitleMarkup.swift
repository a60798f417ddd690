/// Reads the subtitle text GStreamer's parsers give (marked up for Pango) with the same rules as the cues of
/// subtitle files beside the video.
public enum SubtitleMarkup {
    /// `text` without its tags and override blocks, its character references read, and where a `{\an8}`-style block
    /// puts it.
    public static func plainText(pango text: String) -> (text: String, placement: SubtitlePlacement) {
        let (styled, placement) = CueMarkup.pango(text)
        return (styled.plain, placement)
    }

    /// `text` in the styles its tags give (`<i>`, `<b>`, `<u>`, `<s>`, `<font color>`, `<span foreground>` and ASS
    /// override blocks), its character references read, and where a `{\an8}`-style block puts it.
    public static func styledText(pango text: String) -> (text: StyledText, placement: SubtitlePlacement) {
        CueMarkup.pango(text)
    }
}

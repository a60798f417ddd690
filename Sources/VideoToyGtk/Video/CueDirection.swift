import CGtk

/// The direction a cue is laid out in, from its first strong character as the Unicode bidirectional algorithm
/// finds a paragraph's (rule P2): Arabic and Hebrew cues read right to left, whatever the user's own language.
enum CueDirection {
    /// The direction of `text`; `GTK_TEXT_DIR_NONE` when it has no strong character (digits, punctuation).
    static func of(_ text: String) -> GtkTextDirection {
        for scalar in text.unicodeScalars {
            switch pango_bidi_type_for_unichar(gunichar(scalar.value)) {
            case PANGO_BIDI_TYPE_L: return GTK_TEXT_DIR_LTR
            case PANGO_BIDI_TYPE_R, PANGO_BIDI_TYPE_AL: return GTK_TEXT_DIR_RTL
            default: continue
            }
        }
        return GTK_TEXT_DIR_NONE
    }
}

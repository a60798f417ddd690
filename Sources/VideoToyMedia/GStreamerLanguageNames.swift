import CGStreamer
import VideoToyCore

/// Language names from GStreamer's tag library, which reads iso-codes' ISO 639 catalogue translated into the
/// user's language (its `LANGUAGE` and `LC_MESSAGES`).
public struct GStreamerLanguageNames: LanguageNaming {
    /// A naming.
    public init() {}

    public func name(ofCode code: String) -> String? {
        // The catalogue is keyed by ISO 639-1 where a language has such a code, and by 639-2 otherwise.
        let key = gst_tag_get_language_code_iso_639_1(code).map { String(cString: $0) } ?? code
        guard let name = gst_tag_get_language_name(key) else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }
}

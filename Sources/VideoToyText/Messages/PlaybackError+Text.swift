import CGLib
import VideoToyCore

extension PlaybackError {
    /// The sentence for the user (`.user`) or the events log (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .unreadable(let failure): return failure.text(in: catalogue)
        case .cannotOpen(let reason):
            // TRANSLATORS: %s is the system's reason, such as "Input/output error".
            return catalogue.tr("The file cannot be opened: %s.", reason)
        case .cutShort(let now, let opened):
            // TRANSLATORS: both are file sizes, such as "1.2 MB": the size now, then the size when it was opened.
            return catalogue.tr("The file was cut short while it was playing (now %s of %s).", Self.size(now), Self.size(opened))
        case .noPictures:
            return catalogue.tr("The video ended before its first picture: the file holds no pictures (it may be only a header).")
        case .noPipeline: return catalogue.tr("No GStreamer pipeline could be built for this file.")
        case .library(let text): return text
        case .unexplained: return catalogue.tr("Playback failed.")
        }
    }

    /// A byte count as GLib words it for people ("1.2 MB"), in the user's language.
    static func size(_ bytes: Int64) -> String {
        guard let text = g_format_size(guint64(max(0, bytes))) else { return String(bytes) }
        defer { g_free(text) }
        return String(cString: text)
    }
}

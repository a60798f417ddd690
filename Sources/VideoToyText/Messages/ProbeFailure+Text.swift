import VideoToyCore

extension ProbeFailure {
    /// A one-line reason shown in the row and printed on the terminal (`.user`), or written to the events log.
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .vanished: return catalogue.tr("The file is gone: it was moved or deleted.")
        case .empty: return catalogue.tr("The file is empty (0 bytes).")
        case .permissionDenied: return catalogue.tr("Permission denied: the file cannot be read.")
        case .notRegularFile(let kind):
            // TRANSLATORS: %s is the kind of file, such as "folder" or "socket".
            return catalogue.tr("Not a regular file (%s).", kind.text(in: catalogue))
        case .notMedia(nil): return catalogue.tr("Not a video.")
        case .notMedia(let type?):
            // TRANSLATORS: %s is a MIME type, such as "text/plain".
            return catalogue.tr("Not a video (content type %s).", type)
        case .incomplete(let detail):
            // TRANSLATORS: %s says what is damaged, in GStreamer's or the file reader's words.
            return catalogue.tr("The file is incomplete or damaged: %s", detail)
        case .missingDecoder(let codec, nil):
            // TRANSLATORS: %s is a codec's name, such as "H.265".
            return catalogue.tr("No decoder for %s is installed.", codec)
        case .missingDecoder(let codec, let package?):
            // TRANSLATORS: the first %s is a codec's name, the second a Debian package's name.
            return catalogue.tr("No decoder for %s is installed (install %s).", codec, package)
        case .playlist(let kind):
            // TRANSLATORS: %s is the kind of playlist, such as "HLS playlist".
            return catalogue.tr("A playlist or stream manifest (%s), not a video: VideoToy plays only local files.", kind)
        case .timedOut(let seconds):
            // TRANSLATORS: "s" is seconds.
            return catalogue.trn(
                "Reading the file took longer than %d s: the file or its storage (a network share, a USB drive) did not answer.",
                "Reading the file took longer than %d s: the file or its storage (a network share, a USB drive) did not answer.",
                seconds, seconds)
        case .readerCrashed: return catalogue.tr("Reading this file crashed the media decoder: it is skipped.")
        case .readerStuck(let seconds):
            // TRANSLATORS: "s" is seconds.
            return catalogue.trn(
                "Reading this file did not finish within %d s: it is skipped.",
                "Reading this file did not finish within %d s: it is skipped.", seconds, seconds)
        case .readerOutOfMemory(let megabytes):
            // TRANSLATORS: "MB" is megabytes.
            return catalogue.trn(
                "Reading this file needed more than %d MB of memory: it is skipped.",
                "Reading this file needed more than %d MB of memory: it is skipped.", megabytes, megabytes)
        case .other(let text): return text
        }
    }
}

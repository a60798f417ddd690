/// Why an item cannot be played, in terms the user can act on.
public enum ProbeFailure: Hashable, Sendable, Error {
    /// The file is no longer there.
    case vanished
    /// The file has zero bytes.
    case empty
    /// The user may not read the file.
    case permissionDenied
    /// The path is a folder, FIFO, socket or device, not a regular file.
    case notRegularFile(kind: FileKind)
    /// The file is readable but holds no audio or video GStreamer understands.
    case notMedia(contentType: String?)
    /// The file is cut short or damaged.
    case incomplete(detail: String)
    /// No installed decoder handles the file's only playable stream.
    case missingDecoder(codec: String, package: String?)
    /// The file is a playlist or a streaming manifest (`kind`, such as "HLS playlist"): its entries name other files or
    /// network addresses, and the app plays only local files, so nothing it lists is opened.
    case playlist(kind: String)
    /// Reading the file took longer than allowed, which mostly means its storage stopped answering.
    case timedOut(seconds: Int)
    /// Reading the file crashed the media library (in its helper process), so the file is skipped from now on.
    case readerCrashed
    /// Reading the file kept the media library busy past `seconds` without an answer, so the file is skipped.
    case readerStuck(seconds: Int)
    /// Reading the file needed more than `megabytes` of memory, so the file is skipped.
    case readerOutOfMemory(megabytes: Int)
    /// Any other reason, as GStreamer phrased it (GStreamer translates its own messages).
    case other(String)

    /// A stable machine-readable code for the events log.
    public var code: String {
        switch self {
        case .vanished: return "vanished"
        case .empty: return "empty"
        case .permissionDenied: return "permission-denied"
        case .notRegularFile: return "not-regular-file"
        case .notMedia: return "not-media"
        case .incomplete: return "incomplete"
        case .missingDecoder: return "missing-decoder"
        case .playlist: return "playlist"
        case .timedOut: return "timeout"
        case .readerCrashed: return "crashed"
        case .readerStuck: return "stuck"
        case .readerOutOfMemory: return "out-of-memory"
        case .other: return "error"
        }
    }
}

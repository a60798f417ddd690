import VideoToyCore

extension FileKind {
    /// The kind's name inside the "Not a regular file" reason.
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .folder: return catalogue.trp("file kind", "folder")
        // TRANSLATORS: a named pipe; "FIFO" is the usual term.
        case .fifo: return catalogue.trp("file kind", "FIFO")
        case .socket: return catalogue.trp("file kind", "socket")
        case .characterDevice: return catalogue.trp("file kind", "character device")
        case .blockDevice: return catalogue.trp("file kind", "block device")
        case .symbolicLinkLoop: return catalogue.trp("file kind", "symbolic link loop")
        case .unknown: return catalogue.trp("file kind", "unknown kind")
        }
    }
}

/// What a path that is not a regular file is instead; the raw value is the probe cache's and the events log's word.
public enum FileKind: String, Hashable, Sendable, CaseIterable {
    /// A folder (directory).
    case folder
    /// A named pipe.
    case fifo = "FIFO"
    /// A Unix domain socket.
    case socket
    /// A character device such as /dev/null.
    case characterDevice = "character device"
    /// A block device such as a disk.
    case blockDevice = "block device"
    /// A symbolic link that leads back to itself.
    case symbolicLinkLoop = "symbolic link loop"
    /// A type the file system reports that none of the above names.
    case unknown = "unknown kind"
}

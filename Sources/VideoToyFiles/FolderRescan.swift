/// What looking again at one library folder found.
public enum FolderRescan: Sendable, Hashable {
    /// The folder is there: the library's files in it that exist, every folder inside it (itself included), and the
    /// subtitle files the scan found with the folders it read whole (`ScanResult.subtitles` and `listed`).
    case listed(files: [String], folders: [String], subtitles: [String] = [], read: [String] = [])
    /// The folder is gone, is no longer a folder, or cannot be read.
    case gone
    /// The folder did not answer in time (a share whose server stopped answering): nothing is known.
    case unanswered

    /// The files present, or nil when the folder is gone or did not answer.
    public var files: [String]? {
        if case .listed(let files, _, _, _) = self { return files }
        return nil
    }
}

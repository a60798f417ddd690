import Glibc
import VideoToyCore

/// One folder's entries, read under a deadline, with what the walk needs to skip a call per entry on a local disk.
struct FolderListing {
    /// What reading a folder came to.
    enum Outcome {
        /// The folder did not answer in time.
        case unanswered
        /// The folder is on the kernel's pseudo file system so named (nil when its name is not known): not listed.
        case pseudo(String?)
        /// Listing the folder failed with this error number.
        case unreadable(errno: Int32)
        /// The folder's entries.
        case listed(FolderListing)
    }

    /// The entries, hidden ones left out, sorted by name, with their types as the listing gives them (`DT_REG`,
    /// `DT_DIR`, `DT_LNK`, or `DT_UNKNOWN`); names that are not UTF-8 are `PathBytes` strings.
    let entries: [(name: String, type: UInt8)]
    /// The folder's canonical path ending in `/` when the folder is on a local disk, else nil: a regular file in it
    /// resolves to this plus its name.
    let realBase: String?

    /// Reads the folder at `path`, each step under `timeout` seconds on `calls`. With `sameDisk` (a folder inside a
    /// folder on a local disk, and no mount point: on the same local file system), nothing can hang, so the calls
    /// run here, with no helper thread's round trip: a tree of 1,000 folders would otherwise pay for 2,000.
    static func read(_ path: String, calls: GuardedCalls, timeout: Double, sameDisk: Bool = false) -> Outcome {
        let rawFolder = PathBytes.encode(path)
        let look = { @Sendable () -> (real: String?, pseudo: String?, listing: Result<[(name: [UInt8], type: UInt8)], RawPath.Failure>?) in
            let real = RawPath.resolved(rawFolder)
            // Checked before listing: a listing of /proc alone is every process's folder.
            if let pseudo = RawPath.pseudoFileSystem(rawFolder, resolved: real) { return (real, pseudo, nil) }
            return (real, nil, RawPath.list(rawFolder))
        }
        guard let looked = sameDisk ? look() : calls.run(timeout: timeout, look) else { return .unanswered }
        guard let listing = looked.listing else { return .pseudo(looked.pseudo) }
        let entries: [(name: String, type: UInt8)]
        switch listing {
        case .failure(let error):
            return .unreadable(errno: error.code)
        case .success(let list):
            // Names that are not UTF-8 become PathBytes strings, which system calls turn back into the same bytes.
            entries = list.map { (PathBytes.decode($0.name), $0.type) }.sorted { $0.name < $1.name }
        }
        // On a local disk, a regular file (not a symlink, as the folder listing says) named like a video needs no
        // call of its own: its resolved path is the folder's plus its name. A folder of 100,000 videos costs one
        // realpath, not 100,000 stat and realpath calls, each on a helper thread under a deadline. A share or a
        // FUSE file system can stop answering for one entry, so there every entry is still looked at on its own.
        let real = looked.real
        if sameDisk, let real { return .listed(FolderListing(entries: entries, realBase: real.hasSuffix("/") ? real : real + "/")) }
        let realBase =
            calls.run(timeout: timeout) { () -> String? in
                guard RawPath.isLocalDisk(rawFolder), let real else { return nil }
                return real.hasSuffix("/") ? real : real + "/"
            } ?? nil
        return .listed(FolderListing(entries: entries, realBase: realBase))
    }
}

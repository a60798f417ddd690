import Dispatch
import Glibc
import VideoToyCore
import VideoToyPOSIX

/// A show on disk: an XSPF playlist read off the main thread within a size bound, and written atomically.
///
/// Opening and saving happen on a background queue and answer on the main thread: a show file on a sleeping network
/// share must not hold the window.
public enum ShowFile {
    /// Why a show file could not be opened.
    public enum Failure: Error, Hashable, Sendable {
        /// Nothing is there (or a dangling link).
        case missing
        /// It is there but could not be read: not a regular file, no permission, an I/O error.
        case unreadable(String)
        /// It was read but is no playlist VideoToy can use.
        case invalid(XSPFProblem)

        /// The reader's problem, for the notice; nil when the file could not be read at all.
        public var problem: XSPFProblem? {
            if case .invalid(let problem) = self { return problem }
            return nil
        }
    }

    private static let queue = DispatchQueue(label: "videotoy.show-file", qos: .userInitiated)

    /// Reads the show at `path` in the background and hands the outcome to `answer` on the main thread.
    public static func open(_ path: String, answer: @escaping @MainActor @Sendable (Result<XSPFRead, Failure>) -> Void) {
        queue.async {
            let outcome = read(path)
            DispatchQueue.main.async { MainActor.assumeIsolated { answer(outcome) } }
        }
    }

    /// Writes `show` to `path` in the background and hands what went wrong (nil on success) to `answer` on the main
    /// thread.
    public static func save(_ show: Show, to path: String, answer: @escaping @MainActor @Sendable (String?) -> Void) {
        queue.async {
            let problem = write(show, to: path)
            DispatchQueue.main.async { MainActor.assumeIsolated { answer(problem) } }
        }
    }

    /// The show at `path`, read now: at most `XSPFReader.maximumBytes` are read, whatever the file claims.
    public static func read(_ path: String) -> Result<XSPFRead, Failure> {
        guard let info = PathCalls.status(path) else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        // Checked before opening: a FIFO would hold the open until a writer came.
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("not a regular file")) }
        guard info.st_size <= XSPFReader.maximumBytes else { return .failure(.invalid(.tooLarge)) }
        guard let file = OpenFile.reading(path) else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        // One byte past the limit tells a file that grew since the stat from one that fits.
        guard let bytes = file.read(upTo: XSPFReader.maximumBytes + 1, at: 0) else {
            return .failure(.unreadable(String(cString: strerror(errno))))
        }
        do {
            return .success(try XSPFReader.read(bytes, file: path))
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// Writes `show` to `path` now, through a temporary file in the same folder renamed over it, so a reader never
    /// sees half a show and a failed write leaves the old file whole; returns what went wrong, nil on success.
    @discardableResult
    public static func write(_ show: Show, to path: String) -> String? {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let temporary = (folder.isEmpty ? "" : folder) + "/.\(name(of: path)).\(getpid()).tmp"
        let bytes = Array(XSPFWriter.document(show, title: title(of: path)).utf8)
        // A show is the user's work, unlike the journal: it is on the disk before it replaces the old file.
        return FileReplacement.replace(path, through: temporary, with: bytes, sync: true)
    }

    /// The file name of `path`.
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The playlist's title: its file name without the `.xspf`.
    static func title(of path: String) -> String {
        let name = name(of: path)
        return name.lowercased().hasSuffix(".xspf") ? String(name.dropLast(5)) : name
    }
}

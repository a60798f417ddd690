/// Reconciling the library with a fresh look at one of its folders.
extension Library {
    /// The paths of the items inside `folder` (at any depth), in display order.
    public func paths(under folder: String) -> [String] {
        let prefix = Library.prefix(of: folder)
        return items.lazy.map(\.path).filter { Library.path($0, startsWith: prefix) }
    }

    /// Brings the items inside `folder` in line with `present`, what a rescan of it found (nil: the folder is gone).
    ///
    /// Items no longer present become vanished but stay listed, so a drive plugged back in restores them;
    /// vanished items present again, and present items whose path is in `changed` (rewritten since), go back
    /// to pending; present paths the library lacks are added in display order. Paths outside `folder` are ignored.
    public mutating func refresh(folder: String, present: [String]?, changed: Set<String> = []) -> LibraryRefresh {
        refresh(folder: folder, diff: FolderDiff(folder: folder, known: paths(under: folder), present: present), changed: changed)
    }

    /// `refresh(folder:present:changed:)` with the comparison made beforehand, off the main thread, against the
    /// paths the library listed in `folder` then: the work left here is a pass without hashing plus the changes.
    public mutating func refresh(folder: String, diff: FolderDiff, changed: Set<String> = []) -> LibraryRefresh {
        let prefix = Library.prefix(of: folder)
        let rewritten = Set(changed.map(PathKey.init))
        var result = LibraryRefresh()
        for item in items where Library.path(item.path, startsWith: prefix) {
            let vanished = item.state == .failed(.vanished)
            if !diff.missing.isEmpty && diff.missing.contains(PathKey(item.path)) {
                guard !vanished else { continue }
                update(item.id, state: .failed(.vanished))
                result.gone.append(item.id)
            } else if vanished {
                update(item.id, state: .pending)
                result.back.append(item.id)
            } else if !rewritten.isEmpty && rewritten.contains(PathKey(item.path)) {
                // A pending one is listed too: a probe already running read the file before it was rewritten.
                update(item.id, state: .pending)
                result.changed.append(item.id)
            }
        }
        let new = diff.added.filter { id(forPath: $0) == nil }
        guard !new.isEmpty else { return result }
        let addition = merge(LibraryBatch(paths: new))
        result.inserted = addition.positions
        result.added = addition.added
        return result
    }

    /// Whether `path` begins with the bytes of `prefix`: paths are bytes, and comparing them as Characters costs
    /// several times as much in a library of 100,000.
    static func path(_ path: String, startsWith prefix: String) -> Bool {
        PathKey(path).starts(with: prefix)
    }

    /// `folder` with one trailing slash, so "/v/a" does not take in "/v/ab/clip.mp4".
    static func prefix(of folder: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "/" ? "/" : trimmed + "/"
    }
}

/// What a rescan of one folder found against what the library listed there, compared on any thread (a folder of
/// 100,000 files is two set builds and two passes: too much for the main loop's frame, fine for a worker).
public struct FolderDiff: Sendable {
    /// Files present that the library did not list, in the rescan's order.
    public let added: [String]
    /// Files the library listed that are not present (all of them when the folder is gone).
    let missing: Set<PathKey>
    /// What the rescan found beside the videos, when it listed subtitle files (nil: nothing to say about them).
    public let sidecars: SidecarLanguages?

    /// Compares `present` (nil: the folder is gone) with `known`, the library's paths inside `folder` then; with
    /// `subtitles` and `listed` (the subtitle files the rescan found, and the folders it read), it also works out
    /// which videos have which subtitle files beside them.
    public init(folder: String, known: [String], present: [String]?, subtitles: [String]? = nil, listed: [String] = []) {
        sidecars = subtitles.map { SidecarLanguages(videos: present ?? [], subtitles: $0, listed: listed) }
        let prefix = Library.prefix(of: folder)
        let listed = (present ?? []).filter { Library.path($0, startsWith: prefix) }
        let listedKeys = Set(listed.map(PathKey.init))
        let knownKeys = Set(known.map(PathKey.init))
        added = listed.filter { !knownKeys.contains(PathKey($0)) }
        missing = knownKeys.filter { !listedKeys.contains($0) }
    }

    /// How many listed files are not present.
    public var missingCount: Int { missing.count }
}

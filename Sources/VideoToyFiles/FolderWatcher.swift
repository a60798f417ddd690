import CGLib
import VideoToyCore
import VideoToyGObject

/// Watches library folders for files added, removed, renamed or rewritten, and for the folders themselves
/// leaving and coming back (a drive unplugged, a folder moved away), and says what a rescan of each found.
///
/// Events are gathered for a quiet period, then the folder is rescanned off the main loop with the scanner's
/// deadlines, and the result is delivered on the main thread. Mounting and unmounting rescan the folders at, above
/// or below the mount point, since a drive mounted on a folder that was there all along makes no event in it.
@MainActor
public final class FolderWatcher {
    /// Receives a folder, what its rescan found, and the files written since the previous one.
    /// Receives a folder, what its rescan found, the files written since the previous one, and the rescan compared
    /// with the paths `known` gave (made on the rescan's worker; nil when the folder did not answer).
    public typealias Delivery =
        @MainActor (
            _ folder: String, _ rescan: FolderRescan, _ written: Set<String>, _ diff: FolderDiff?
        ) -> Void

    private let timing: WatchedFolder.Timing
    private let scanner: LibraryScanner
    private let known: @MainActor (String) -> [String]
    private let report: @MainActor (String) -> Void
    private let deliver: Delivery
    private var folders: [String: WatchedFolder] = [:]
    private var mounts: GObjectRef?
    private var mountsChanged: SignalConnection?
    private var mountPoints: Set<String> = []

    /// Creates a watcher; `known` gives the library's paths inside a folder, `report` says once why a folder
    /// cannot be watched, and `deliver` receives each rescan.
    public init(
        quietMs: UInt32 = 400, maxDelayMs: UInt32 = 2000, scanner: LibraryScanner = LibraryScanner(),
        known: @escaping @MainActor (String) -> [String], report: @escaping @MainActor (String) -> Void,
        deliver: @escaping Delivery
    ) {
        timing = WatchedFolder.Timing(quietMs: quietMs, maxDelayMs: maxDelayMs)
        self.scanner = scanner
        self.known = known
        self.report = report
        self.deliver = deliver
        if let monitor = g_unix_mount_monitor_get() {
            let reference = GObjectRef(adopting: UnsafeMutableRawPointer(monitor))
            mounts = reference
            mountPoints = Self.currentMountPoints()
            mountsChanged = Signal.connect(reference.pointer, "mounts-changed") { [weak self] in self?.mountsMoved() }
        }
    }

    /// Rescans the folders a change of the mount table concerns; others stay as they are.
    private func mountsMoved() {
        let now = Self.currentMountPoints()
        defer { mountPoints = now }
        for root in MountChanges.touched(roots: Array(folders.keys), before: mountPoints, after: now) { folders[root]?.poke() }
    }

    /// The mount points in the kernel's table (`MountPoints`).
    private static func currentMountPoints() -> Set<String> { MountPoints.current() }

    /// The folders watched, sorted.
    public var watched: [String] { folders.keys.sorted() }

    /// Starts watching `folder` (an absolute path), unless it or a folder holding it is watched already; `inside`
    /// are folders within it that a scan already found. It is rescanned once the watches are in place, to catch
    /// changes made meanwhile, unless `stamps` (that scan's) show that no folder in it changed since.
    public func watch(_ folder: String, inside: [String] = [], stamps: ScanStamps? = nil) {
        let covered = folders.keys.contains { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        guard !covered else { return }
        let watched = WatchedFolder(
            root: folder, folders: inside, timing: timing, scanner: scanner,
            known: known, report: report, deliver: deliver)
        // Only when the scan read every folder it found there whole: otherwise what it missed must be looked for.
        if let stamps, Set(stamps.folders.keys) == Set(inside).union([folder]) { watched.scanStamps = stamps }
        folders[folder] = watched
        watched.poke()
    }

    /// Stops watching every folder.
    public func stop() {
        mountsChanged?.cancel()
        mountsChanged = nil
        mounts = nil
        folders.values.forEach { $0.stop() }
        folders = [:]
    }
}

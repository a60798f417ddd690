import Dispatch
import VideoToyCore
import VideoToyGObject

/// One library folder being watched: its monitors, the quiet period after events, and the rescan in flight.
///
/// GIO does not watch recursively, so every folder the last scan went into has a monitor, and an event in any
/// of them rescans the whole folder. The parent is watched as well, for the folder itself leaving and coming
/// back. Monitors are made and the folder is scanned on worker threads; only bookkeeping runs on the main loop.
@MainActor
final class WatchedFolder {
    /// How long events must pause before a rescan, and the longest a steady stream of them may put it off.
    struct Timing: Sendable {
        /// Quiet period in milliseconds.
        var quietMs: UInt32
        /// Longest delay in milliseconds from the first event to the rescan.
        var maxDelayMs: UInt32
    }

    /// The library folder.
    let root: String
    /// The stamps of the scan that listed the folder before it was watched: once the monitors are in place, an
    /// unchanged stamp on every folder stands for the rescan that would find nothing new (in a library of 100,000,
    /// a whole scan on a worker and a pass over every row on the main thread). Used once.
    var scanStamps: ScanStamps?
    private let timing: Timing
    private let scanner: LibraryScanner
    private let known: @MainActor (String) -> [String]
    private let report: @MainActor (String) -> Void
    private let deliver: FolderWatcher.Delivery
    private var monitors: [String: DirectoryMonitor] = [:]
    private var parent: DirectoryMonitor?
    private var folders: Set<String>
    private var written: Set<String> = []
    private var timer: SourceToken?
    private var firstEventNs: UInt64?
    private var busy = false
    private var again = false
    private var present: Bool?
    private var stopped = false
    private var reported: Set<String> = []
    // Folders GIO would not watch (the inotify limit, say): tried again next time, but no reason for a rescan.
    private var unwatchable: Set<String> = []

    /// Watches `root`; `folders` are the folders inside it already known (from the first scan), if any.
    init(
        root: String, folders: [String], timing: Timing, scanner: LibraryScanner,
        known: @escaping @MainActor (String) -> [String], report: @escaping @MainActor (String) -> Void,
        deliver: @escaping FolderWatcher.Delivery
    ) {
        self.root = root
        self.folders = Set(folders).union([root])
        self.timing = timing
        self.scanner = scanner
        self.known = known
        self.report = report
        self.deliver = deliver
    }

    /// Rescans after the quiet period (which restarts with every call, up to the longest delay).
    func poke() {
        guard !stopped else { return }
        if busy {
            again = true
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        if timer != nil, let first = firstEventNs, now - first >= UInt64(timing.maxDelayMs) * 1_000_000 { return }
        if timer == nil { firstEventNs = now }
        timer?.cancel()
        timer = MainLoop.after(milliseconds: timing.quietMs) { [weak self] in self?.fire() }
    }

    /// Stops every monitor and drops any rescan still to come.
    func stop() {
        stopped = true
        timer?.cancel()
        timer = nil
        monitors.values.forEach { $0.cancel() }
        monitors = [:]
        parent?.cancel()
        parent = nil
    }

    private func fire() {
        timer = nil
        firstEventNs = nil
        guard !stopped else { return }
        busy = true
        let wanted = folders
        for (path, monitor) in monitors where !wanted.contains(path) {
            monitor.cancel()
            monitors[path] = nil
        }
        let missing = wanted.subtracting(monitors.keys).sorted()
        let parentPath = parent == nil ? Self.parent(of: root) : nil
        DispatchQueue.global(qos: .utility).async {
            let opened = missing.map { ($0, DirectoryMonitor.open($0)) }
            let openedParent = parentPath.map { ($0, DirectoryMonitor.open($0)) }
            DispatchQueue.main.async { self.install(opened, parent: openedParent) }
        }
    }

    private typealias Opened = (path: String, result: Result<GObjectRef, DirectoryMonitor.Failure>)

    private func install(_ opened: [Opened], parent openedParent: Opened?) {
        let made = opened.compactMap { monitor($0, isParent: false) }
        let madeParent = openedParent.flatMap { monitor($0, isParent: true) }
        guard !stopped else {
            made.forEach { $0.cancel() }
            madeParent?.cancel()
            return
        }
        for monitor in made { monitors[monitor.path] = monitor }
        if let madeParent { parent = madeParent }
        // Scanned after the monitors exist, so nothing that happens from here on goes unnoticed.
        guard let stamps = scanStamps else { return rescan() }
        scanStamps = nil
        let timeout = scanner.folderTimeoutSeconds
        DispatchQueue.global(qos: .utility).async {
            let unchanged = stamps.stillUnchanged(timeout: timeout)
            DispatchQueue.main.async { unchanged ? self.caughtUp() : self.rescan() }
        }
    }

    /// The folder is as the scan before the watch listed it: what a rescan finding nothing new would leave.
    private func caughtUp() {
        guard !stopped else { return }
        busy = false
        present = true
        finishCycle(flipped: false)
    }

    private func monitor(_ opened: Opened, isParent: Bool) -> DirectoryMonitor? {
        switch opened.result {
        case .success(let reference):
            unwatchable.remove(opened.path)
            return DirectoryMonitor(path: opened.path, monitor: reference) { [weak self] event in
                self?.heard(event, inParent: isParent)
            }
        case .failure(let failure):
            unwatchable.insert(opened.path)
            if reported.insert(opened.path).inserted {
                report("cannot watch \(PathBytes.display(opened.path)) for changes: \(failure.message)")
            }
            return nil
        }
    }

    private func heard(_ event: DirectoryMonitor.Event, inParent: Bool) {
        switch event {
        case .written(let path):
            guard !inParent else { return }
            written.insert(path)
        case .entries(let path, let other):
            // In the parent only the folder itself matters, not its neighbours.
            if inParent && path != root && other != root { return }
        }
        poke()
    }

    private func rescan() {
        let known = self.known(root)
        let changed = written
        written = []
        let root = self.root, scanner = self.scanner
        DispatchQueue.global(qos: .utility).async {
            let result = scanner.rescan(folder: root, known: known)
            var diff: FolderDiff?
            switch result {
            case .listed(let files, _, let subtitles, let read):
                diff = FolderDiff(folder: root, known: known, present: files, subtitles: subtitles, listed: read)
            case .gone: diff = FolderDiff(folder: root, known: known, present: nil)
            case .unanswered: diff = nil
            }
            DispatchQueue.main.async { self.scanned(result, changed: changed, diff: diff) }
        }
    }

    private func scanned(_ result: FolderRescan, changed: Set<String>, diff: FolderDiff?) {
        guard !stopped else { return }
        busy = false
        let wasPresent = present
        switch result {
        case .listed(_, let inside, _, _):
            present = true
            folders = Set(inside).union([root])
        case .gone:
            present = false
            folders = [root]
        case .unanswered:
            // Not retried on its own: each try on a dead share leaves a thread stuck in the kernel.
            written.formUnion(changed)
            return finishCycle(flipped: false)
        }
        deliver(root, result, changed, diff)
        let flipped = wasPresent != nil && wasPresent != present
        if flipped {
            // A monitor stays on the folder it was made on, wherever that moved: a folder back is a new one.
            monitors.values.forEach { $0.cancel() }
            monitors = [:]
            parent?.cancel()
            parent = nil
        }
        finishCycle(flipped: flipped)
    }

    private func finishCycle(flipped: Bool) {
        let unwatched = !folders.subtracting(unwatchable).isSubset(of: Set(monitors.keys))
        guard again || flipped || unwatched else { return }
        again = false
        poke()
    }

    private static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

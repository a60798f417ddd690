import Foundation
import VideoToyCore
import VideoToyFiles
import VideoToyMedia
import VideoToyPOSIX
import VideoToyText

/// Finds the files to list (given paths, the Videos folder, or the demo library) off the main thread.
enum LibraryLoader {
    /// What a search found: the videos, a message for an empty result, and the folders to watch.
    struct Found: Sendable {
        /// The videos to list.
        var videos: [String]
        /// Why nothing was found, when nothing was.
        var message: String?
        /// The library folders: given folders (not files) that were scanned, or are remembered but missing now.
        var roots: [String]
        /// Every folder the scan went into, for watching.
        var folders: [String]
        /// When the scan began and its folders' stamps, so watching them need not scan them again.
        var stamps: ScanStamps?
        /// True for the generated demo library, which is not one of the user's folders.
        var isDemo = false
        /// The heading over `message`.
        var messageTitle = "No Videos Found"
        /// `videos` in display order, sorted on the loading thread so the main thread only merges them.
        var batch: LibraryBatch?
        /// The subtitle files beside the videos, matched on the loading thread.
        var sidecars = SidecarLanguages()
        /// What the scan could not look into or would not open (a FIFO, /proc), one line each for the terminal.
        var problems: [String] = []

        /// The batch to add: the one sorted in the background, or `videos` sorted now.
        var ordered: LibraryBatch { batch ?? LibraryBatch(paths: videos) }

        init(videos: [String], message: String? = nil, roots: [String] = [], folders: [String] = []) {
            self.videos = videos
            self.message = message
            self.roots = roots
            self.folders = folders
        }

        /// What `scan` found among `paths`, with the given folders as roots.
        init(scan: ScanResult, of paths: [String], message: String? = nil) {
            let scanned = Set(scan.folders)
            self.init(videos: scan.videos, message: message, roots: paths.filter(scanned.contains), folders: scan.folders)
            sidecars = scan.sidecars
            problems = scan.problems
            stamps = scan.stamps
        }
    }

    /// Scans in the background and hands what it found to `done` on the main thread.
    @MainActor
    static func load(options: Options, play: String?, lastFolders: [String], done: @escaping @MainActor (Found) -> Void) {
        let terminal: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("videotoy: \(TerminalText.escaped(message))\n".utf8))
        }
        DispatchQueue.global(qos: .userInitiated).async {
            var found = find(options: options, lastFolders: lastFolders, terminal: terminal)
            if let play, !found.videos.contains(play) { found.videos.append(play) }
            found.batch = LibraryBatch(paths: found.videos, prebuilt: true)
            let result = found
            DispatchQueue.main.async { done(result) }
        }
    }

    /// Scans `paths` (files and folders) in the background and hands what it found to `done` on the main thread.
    @MainActor
    static func scan(_ paths: [String], done: @escaping @MainActor (Found) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            var found = Found(scan: LibraryScanner().scan(paths), of: paths)
            found.batch = LibraryBatch(paths: found.videos, prebuilt: true)
            let result = found
            DispatchQueue.main.async { done(result) }
        }
    }

    private static func find(options: Options, lastFolders: [String], terminal: @Sendable (String) -> Void) -> Found {
        let scanner = LibraryScanner()
        if options.demo { return demo(terminal: terminal) }
        if !options.paths.isEmpty {
            let absolute = options.paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let result = scanner.scan(absolute)
            result.problems.forEach(terminal)
            let shown = options.paths.map(PathBytes.display).joined(separator: trp("list of paths", ", "))
            // TRANSLATORS: the empty window's message; %s is the folders or files opened, separated by commas.
            let message = result.videos.isEmpty ? tr("No videos found in %s.", shown) : nil
            return Found(scan: result, of: absolute, message: message)
        }
        // No PATH: where the user was last time, if it still has videos; else the Videos folder; else the demo.
        let (existing, missing) = split(lastFolders)
        let remembered = scanner.scan(existing)
        if !remembered.videos.isEmpty {
            var found = Found(scan: remembered, of: existing)
            // A remembered folder on a drive not plugged in now joins the library when the drive comes.
            found.roots += missing.filter { !LibraryScanner.hasVideoExtension($0) }
            return found
        }
        let absent = missing.filter { !LibraryScanner.hasVideoExtension($0) }
        if existing.isEmpty && !absent.isEmpty {
            // Every library folder is gone, most often on a drive not plugged in: say so rather than show another
            // folder, and list its videos when it comes back.
            let names = absent.map { PathBytes.display($0) }.joined(separator: ", ")
            let verb = absent.count == 1 ? "is" : "are"
            terminal("\(names) \(verb) not there; the library shows \(absent.count == 1 ? "it" : "them") when back")
            let shown = absent.map { PathBytes.display($0) }.joined(separator: trp("list of paths", ", "))
            // TRANSLATORS: the empty window's message; %s is the library's folders that are missing, separated by commas.
            let message = trn(
                "%s is not there: moved, deleted, or on a drive that is not plugged in. Videos are listed as soon as it is back.",
                "%s are not there: moved, deleted, or on a drive that is not plugged in. Videos are listed as soon as they are back.",
                absent.count, shown)
            var found = Found(videos: [], message: message, roots: absent)
            found.messageTitle = trn("Folder Not Found", "Folders Not Found", absent.count)
            return found
        }
        if let videos = UserFolders.videos() {
            let result = scanner.scan([videos])
            if !result.videos.isEmpty { return Found(scan: result, of: [videos]) }
        }
        return demo(terminal: terminal)
    }

    private static func split(_ paths: [String]) -> (existing: [String], missing: [String]) {
        let existing = paths.filter(PathCalls.exists)
        return (existing, paths.filter { !existing.contains($0) })
    }

    private static func demo(terminal: @Sendable (String) -> Void) -> Found {
        let folder = UserFolders.cache() + "/demo"
        do {
            var found = Found(videos: try DemoLibrary.ensure(in: folder), roots: [folder])
            found.isDemo = true
            return found
        } catch {
            terminal("cannot make the demo library: \(error)")
            // TRANSLATORS: the empty window's message; %s is the system's reason.
            return Found(videos: [], message: tr("The demo library could not be made: %s", "\(error)"))
        }
    }
}

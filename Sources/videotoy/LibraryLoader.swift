import Foundation
import VideoToyCore
import VideoToyFiles
import VideoToyMedia

/// Finds the files to list (given paths, the Videos folder, or the demo library) off the main thread.
enum LibraryLoader {
    /// Scans in the background and hands the paths, and a message for an empty result, to `done` on the main thread.
    @MainActor
    static func load(options: Options, play: String?, lastFolders: [String],
                     done: @escaping @MainActor ([String], String?) -> Void) {
        let terminal: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("videotoy: \(message)\n".utf8))
        }
        DispatchQueue.global(qos: .userInitiated).async {
            var (paths, message) = find(options: options, lastFolders: lastFolders, terminal: terminal)
            if let play, !paths.contains(play) { paths.append(play) }
            let result = paths
            let note = message
            DispatchQueue.main.async { MainActor.assumeIsolated { done(result, note) } }
        }
    }

    /// Scans `paths` (files and folders) in the background and hands the videos to `done` on the main thread.
    @MainActor
    static func scan(_ paths: [String], done: @escaping @MainActor ([String]) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let videos = LibraryScanner().scan(paths).videos
            DispatchQueue.main.async { MainActor.assumeIsolated { done(videos) } }
        }
    }

    private static func find(options: Options, lastFolders: [String],
                             terminal: @Sendable (String) -> Void) -> ([String], String?) {
        let scanner = LibraryScanner()
        if options.demo { return demo(terminal: terminal) }
        if !options.paths.isEmpty {
            let absolute = options.paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let result = scanner.scan(absolute)
            result.problems.forEach(terminal)
            let message = result.videos.isEmpty ? "No videos found in \(options.paths.map(PathBytes.display).joined(separator: ", "))." : nil
            return (result.videos, message)
        }
        // No PATH: where the user was last time, if it still has videos; else the Videos folder; else the demo.
        let remembered = scanner.scan(lastFolders.filter(PathCalls.exists))
        if !remembered.videos.isEmpty { return (remembered.videos, nil) }
        if let videos = UserFolders.videos() {
            let result = scanner.scan([videos])
            if !result.videos.isEmpty { return (result.videos, nil) }
        }
        return demo(terminal: terminal)
    }

    private static func demo(terminal: @Sendable (String) -> Void) -> ([String], String?) {
        do {
            return (try DemoLibrary.ensure(in: UserFolders.cache() + "/demo"), nil)
        } catch {
            terminal("cannot make the demo library: \(error)")
            return ([], "The demo library could not be made: \(error)")
        }
    }
}

import Foundation
import VideoToyCore

/// A later `videotoy FILE…` while this instance runs: its files join the library and the first one plays.
enum RemoteLaunch {
    /// Parses the forwarded command line relative to its working folder, scans, adds and plays.
    @MainActor
    static func handle(
        _ arguments: [String], cwd: String, controller: AppController,
        watch: @escaping @MainActor (LibraryLoader.Found) -> Void, present: @escaping @MainActor () -> Void
    ) {
        guard case .run(let remote)? = try? CommandLineParser.parse(arguments) else { return }
        let base = URL(fileURLWithPath: cwd, isDirectory: true)
        let play = remote.play.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path }
        let paths = remote.paths.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path }
        LibraryLoader.scan(paths + (play.map { [$0] } ?? [])) { found in
            let ids = controller.add(paths: found.videos)
            controller.sidecarsListed(found.sidecars)
            watch(found)
            let target = play.flatMap { controller.library.id(forPath: $0) } ?? ids.first
            if let target { controller.activate(target) }
            present()
        }
    }
}

import Foundation
import VideoToyCore

/// A later `videotoy FILE…` while this instance runs, or a D-Bus activation's files: they join the library and the
/// first one plays.
enum RemoteLaunch {
    /// Parses the forwarded command line relative to its working folder, scans, adds and plays.
    @MainActor
    static func handle(
        _ arguments: [String], cwd: String, controller: AppController, report: @escaping @MainActor (String) -> Void,
        watch: @escaping @MainActor (LibraryLoader.Found) -> Void, present: @escaping @MainActor () -> Void
    ) {
        guard case .run(let remote)? = try? CommandLineParser.parse(arguments) else { return }
        let base = URL(fileURLWithPath: cwd, isDirectory: true)
        let play = remote.play.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path }
        let paths = remote.paths.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path }
        open(paths, play: play, controller: controller, report: report, watch: watch, present: present)
    }

    /// Scans absolute `paths` (and `play`), adds what they hold and plays `play` or else the first video found.
    @MainActor
    static func open(
        _ paths: [String], play: String? = nil, controller: AppController, report: @escaping @MainActor (String) -> Void,
        watch: @escaping @MainActor (LibraryLoader.Found) -> Void, present: @escaping @MainActor () -> Void
    ) {
        LibraryLoader.scan(paths + (play.map { [$0] } ?? [])) { found in
            // A FIFO or a device handed over is said here and never opened: it gets no row to play.
            found.problems.forEach(report)
            let ids = controller.add(paths: found.videos)
            controller.sidecarsListed(found.sidecars)
            watch(found)
            // A --play file that was refused plays nothing else in its place.
            let target = if let play { controller.id(forPath: play) } else { ids.first }
            if let target { controller.activate(target) }
            present()
        }
    }
}

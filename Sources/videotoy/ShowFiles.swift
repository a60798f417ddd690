import Foundation
import VideoToyCore
import VideoToyFiles
import VideoToyGtk

/// The show pane's files: opened and saved through `ShowFile` off the main thread, their outcomes as notices, and the
/// show file of the moment remembered so the next start opens it again.
@MainActor
enum ShowFiles {
    /// Where a show file to open came from, which decides what the user is told.
    enum Origin {
        /// Open Show… in the pane: every outcome is told.
        case user
        /// `--show FILE`: a FILE not there yet starts an empty show that Save writes to it.
        case commandLine
        /// The show the last run had open: opened quietly, skipped if it is gone.
        case remembered
    }

    /// What `openAtStart` needs once `connect` has run.
    private static var open: (@MainActor (String, Origin) -> Void)?
    /// Whether the show opened at start has answered: until then the show's file is not the one to remember.
    private static var settled = false

    /// Lets `window`'s show pane open and save show files for `controller`, and `keeper` remember the current one.
    static func connect(window: LibraryWindow, controller: AppController, keeper: SettingsKeeper, log: EventLog) {
        let open: @MainActor (String, Origin) -> Void = { path, origin in
            ShowFile.open(path) { outcome in
                settled = true
                let name = PathBytes.display(ShowFile.name(of: path))
                switch outcome {
                case .success(let read):
                    controller.replaceShow(read.show)
                    // Tests and scripts wait for this rather than for time: the show is there to start.
                    log.emit(.presenter, path: path, fields: [(.action, .string("open")), (.count, .int(read.show.entries.count))])
                    if origin != .remembered || read.skipped > 0 {
                        window.showNotice(.showOpened(name: name, count: read.show.entries.count, skipped: read.skipped))
                    }
                case .failure(.missing) where origin == .commandLine:
                    controller.replaceShow(Show(entries: [], file: path))
                    log.emit(.presenter, path: path, fields: [(.action, .string("open")), (.count, .int(0))])
                case .failure(.missing) where origin == .remembered:
                    // The show of the last run was moved or deleted since: nothing to tell at start.
                    break
                case .failure(let failure):
                    if case .unreadable(let why) = failure { log.terminal("cannot read \(PathBytes.display(path)): \(why)") }
                    window.showNotice(.showNotOpened(name: name, failure.problem))
                }
            }
        }
        ShowFiles.open = open
        window.onOpenShow = { path in open(path, .user) }
        window.onSaveShow = { show, path in
            ShowFile.save(show, to: path) { problem in
                guard let problem else {
                    controller.showSaved(to: path)
                    return
                }
                log.terminal(problem)
                window.showNotice(.showNotSaved(name: PathBytes.display(ShowFile.name(of: path))))
            }
        }
        var remembered = keeper.settings.showFile
        controller.observe { snapshot in
            let file = snapshot.presenter.show.file
            guard settled, file != remembered else { return }
            remembered = file
            keeper.rememberShowFile(file)
        }
    }

    /// Opens the command line's show, or else the one the last run had open.
    static func openAtStart(_ commandLine: String?, remembered: String?) {
        if let commandLine {
            open?(URL(fileURLWithPath: commandLine).standardizedFileURL.path, .commandLine)
        } else if let remembered {
            open?(remembered, .remembered)
        } else {
            settled = true
        }
    }
}

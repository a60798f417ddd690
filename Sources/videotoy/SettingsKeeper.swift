import Dispatch
import Foundation
import VideoToyCore
import VideoToyFiles

/// Connects the remembered settings to the app: read once at start, written in order off the main loop.
@MainActor
final class SettingsKeeper {
    /// The settings as read at start-up, with resume positions kept current in memory.
    private(set) var settings: Settings
    private let store: SettingsStore
    private let queue = DispatchQueue(label: "videotoy.settings")
    private let report: @Sendable (String) -> Void

    /// Loads the key file; a corrupt one is reported once and replaced by defaults (the store keeps a backup).
    init(store: SettingsStore = SettingsStore(), report: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.report = report
        let loaded = store.load()
        settings = loaded.settings
        if let problem = loaded.problem { report(problem) }
    }

    /// Hooks the controller's remember callbacks to the key file.
    func attach(to controller: AppController) {
        controller.memory.resumePosition = { [unowned self] path in settings.resumePositions.position(for: path) }
        controller.memory.onPositionToRemember = { [unowned self] path, position, duration in
            settings.resumePositions.record(
                path: path, positionMs: position, durationMs: duration,
                at: Int64(Date().timeIntervalSince1970 * 1000))
            write("the resume position") { $0.rememberPosition(ofPath: path, positionMs: position, durationMs: duration) }
        }
        controller.memory.rememberedTracks = { [unowned self] path in settings.trackChoices.choice(for: path) }
        controller.memory.onTracksToRemember = { [unowned self] path, choice in
            settings.trackChoices.record(path: path, choice: choice, at: Int64(Date().timeIntervalSince1970 * 1000))
            write("the chosen tracks") { $0.rememberTracks(ofPath: path, choice) }
        }
        controller.memory.onScalingChanged = { [unowned self] mode in rememberScaling(mode) }
        var kept = controller.snapshot
        controller.observe { [unowned self] snapshot in
            defer { kept = snapshot }
            if snapshot.sort != kept.sort {
                let order = snapshot.sort.description
                write("the sort order") { $0.saveSortOrder(order) }
            }
            if snapshot.folders != kept.folders {
                let folders = snapshot.folders
                write("the library folders") { $0.saveLibraryFolders(folders.roots, recent: folders.recent) }
            }
        }
        controller.memory.onScreenChosen = { [unowned self] screen in
            write("the screen") { $0.savePreferredScreen(screen) }
        }
        controller.memory.onNetworkScreenRemembered = { [unowned self] connector, follows in
            settings.networkScreens[connector] = follows
            write("the network screen") { $0.saveNetworkScreen(connector, follows: follows) }
        }
        controller.memory.onAudioChosen = { [unowned self] choice, screen in
            settings.audioChoices[screen] = choice
            write("the audio output") { $0.saveAudioChoice(choice, for: screen) }
        }
    }

    /// Remembers the scaling mode the user chose (menu or command line).
    func rememberScaling(_ mode: ScalingMode) {
        write("the scaling mode") { $0.saveScalingMode(mode.rawValue) }
    }

    /// Remembers the Preferences window's choices.
    func rememberPreferences(_ preferences: Preferences) {
        let stored = preferences.stored
        write("the preferences") { $0.savePreferences(stored) }
    }

    /// Remembers the show file to open at the next start (nil: none).
    func rememberShowFile(_ path: String?) {
        settings.showFile = path
        write("the show file") { $0.saveShowFile(path) }
    }

    /// Remembers the window size.
    func rememberWindowSize(_ size: PixelSize) {
        write("the window size") { $0.saveWindowSize(size) }
    }

    /// Waits for queued writes, before the process exits.
    func flush() {
        queue.sync {}
    }

    private func write(_ what: String, _ body: @escaping @Sendable (SettingsStore) -> String?) {
        let store = self.store, report = self.report
        queue.async {
            if let problem = body(store) { report("cannot remember \(what): \(problem)") }
        }
    }
}

import Foundation
import VideoToyCore
import VideoToyDesktop
import VideoToyFiles
import VideoToyGObject

/// The app as an MPRIS player: state read from the controller's public API, commands carried out as the
/// window's own controls would.
///
/// It uses only the controller's public API; where that has no notion MPRIS needs (an app-wide volume, a
/// stopped state, change notifications), the bridge keeps the state itself.
@MainActor
final class MPRISBridge: MPRISPlayerTarget {
    private let controller: AppController
    private let raiseWindow: @MainActor () -> Void
    private let quitApp: @MainActor () -> Void
    private let artwork = MPRISArtwork()
    private var server: MPRISServer?
    private var poller: SourceToken?
    // MPRIS volume is app-wide while the controller's is per player, so it is re-applied to each new player.
    private var appVolume = 1.0
    private var volumeAppliedTo: ObjectIdentifier?
    // The controller has no stopped state: a stop is a pause at 0 that the bridge reports as Stopped.
    private var stoppedItem: ItemID?
    private var lastSample: (id: ItemID, ms: Int, at: Int, playing: Bool)?
    private var pendingSeek: (id: ItemID, ms: Int, until: Int)?

    /// Publishes `controller` on the session bus; `report` hears once if MPRIS is unavailable.
    init(controller: AppController, raise: @escaping @MainActor () -> Void, quit: @escaping @MainActor () -> Void,
         report: @escaping @MainActor (String) -> Void) {
        self.controller = controller
        self.raiseWindow = raise
        self.quitApp = quit
        server = MPRISServer(target: self, report: report)
        // The controller announces no changes, so a poll notices play, pause, finish, error, volume and seeks;
        // the server sends only values that really changed.
        poller = MainLoop.every(milliseconds: 250) { [weak self] in
            guard let self else { return false }
            self.tick()
            return true
        }
    }

    /// Leaves the bus; call before quitting.
    func close() {
        poller?.cancel()
        poller = nil
        server?.stop()
        server = nil
    }

    private var current: ItemID? { controller.policy.current }

    private var now: Int { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }

    // MARK: State

    var playbackStatus: MPRISPlaybackStatus {
        guard let id = current else { return .stopped }
        switch controller.policy.states[id] {
        case .playing?: return .playing
        case .paused?: return stoppedItem == id ? .stopped : .paused
        default: return .stopped
        }
    }

    var metadata: MPRISMetadata? {
        guard let id = current, let item = controller.library.item(id) else { return nil }
        var duration: Int?
        if case .ready(let info) = item.state { duration = info.durationMs }
        // row(for:) also queues a poster if none is made, which is what art for the current item should do anyway.
        let art = artwork.path(forVideo: item.path) { controller.row(for: id)?.poster }
        return MPRISMetadata(trackNumber: id.rawValue, path: item.path, title: item.name,
                             durationMs: duration ?? controller.player(id)?.durationMs, artPath: art)
    }

    var positionMs: Int {
        guard let id = current else { return 0 }
        // A seek lands a moment later; until then clients see where they asked to go, not a jump back.
        if let pending = pendingSeek, pending.id == id, now < pending.until { return pending.ms }
        if let position = controller.player(id)?.positionMs { return position }
        switch controller.policy.states[id] {
        case .paused(let position)?: return position
        case .finished?: return metadata?.durationMs ?? 0
        default: return 0
        }
    }

    var volume: Double {
        get { appVolume }
        set {
            appVolume = newValue
            guard let id = current, let player = controller.player(id) else { return }
            controller.intent(id, .volume(newValue))
            volumeAppliedTo = ObjectIdentifier(player)
        }
    }

    var canPlay: Bool { current != nil || firstPlayable != nil }
    var canPause: Bool { current != nil }
    var canSeek: Bool { current.map { controller.player($0)?.durationMs != nil } ?? false }
    var canGoNext: Bool { current.flatMap { controller.library.playable(after: $0) } != nil }
    var canGoPrevious: Bool { current.flatMap(playable(before:)) != nil }

    private var firstPlayable: ItemID? { controller.library.items.first(where: \.isPlayable)?.id }

    private func playable(before id: ItemID) -> ItemID? {
        guard let index = controller.library.index(of: id) else { return nil }
        return controller.library.items[..<index].last(where: \.isPlayable)?.id
    }

    // MARK: Commands

    func play() {
        guard let id = current ?? firstPlayable else { return }
        stoppedItem = nil
        controller.activate(id)
    }

    func pause() {
        guard let id = current, controller.policy.states[id] == .playing else { return }
        controller.intent(id, .togglePlay)
    }

    func playPause() {
        if playbackStatus == .playing { pause() } else { play() }
    }

    func stop() {
        guard let id = current else { return }
        pause()
        if controller.player(id) != nil { seek(toMs: 0) }
        stoppedItem = id
    }

    func next() {
        guard let id = current, let next = controller.library.playable(after: id) else { return }
        controller.activate(next)
    }

    func previous() {
        guard let id = current, let previous = playable(before: id) else { return }
        controller.activate(previous)
    }

    func seek(toMs ms: Int) {
        guard let id = current, controller.player(id) != nil else { return }
        controller.intent(id, .seek(ms))
        pendingSeek = (id, ms, now + 1500)
        lastSample = nil
    }

    func open(path: String) -> Bool {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard PathCalls.isReadableFile(absolute),
              let id = controller.add(paths: [absolute]).first else { return false }
        stoppedItem = nil
        controller.activate(id)
        return true
    }

    func raise() { raiseWindow() }

    func quit() { quitApp() }

    // MARK: Polling

    private func tick() {
        if let id = current, controller.policy.states[id] == .playing, stoppedItem == id { stoppedItem = nil }
        syncVolume()
        noticeSeeks()
        server?.invalidate(.all)
    }

    private func syncVolume() {
        guard let id = current, let player = controller.player(id) else { return }
        let identity = ObjectIdentifier(player)
        if identity != volumeAppliedTo {
            // A new player starts at full volume; the app-wide volume carries over to it.
            volumeAppliedTo = identity
            if abs(player.volume - appVolume) > 0.001 { controller.intent(id, .volume(appVolume)) }
        } else if abs(player.volume - appVolume) > 0.001 {
            // Changed in the window: that is the app-wide volume now.
            appVolume = player.volume
        }
    }

    private func noticeSeeks() {
        guard let id = current, let position = controller.player(id)?.positionMs else {
            lastSample = nil
            return
        }
        let time = now
        let playing = controller.policy.states[id] == .playing
        if let pending = pendingSeek, pending.id != id || time >= pending.until || abs(position - pending.ms) < 1000 {
            pendingSeek = nil
        }
        // A jump the clock does not explain is a seek made in the window, or a loop back to the start.
        if pendingSeek == nil, let last = lastSample, last.id == id {
            let expected = last.ms + (last.playing && playing ? time - last.at : 0)
            if abs(position - expected) > 1500 { server?.seeked(toMs: position) }
        }
        lastSample = (id, position, time, playing)
    }
}

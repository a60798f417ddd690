import VideoToyCore
import VideoToyText

/// The app as an MPRIS player: state read from the controller, commands carried out as the window's own
/// controls would, and changes announced as the controller reports them.
///
/// MPRIS has two notions the app does not, which are the bridge's own rules: a Stopped state (a stop is a
/// pause at the start that reads as Stopped until the video plays again), and one volume for the whole player
/// (carried over to each new video's player, and taken from whichever player the user changed).
@MainActor
public final class MPRISBridge: MPRISPlayerTarget {
    private let controller: AppController
    private let raiseWindow: @MainActor () -> Void
    private let quitApp: @MainActor () -> Void
    private let openablePath: @MainActor (String) -> String?
    private let artwork: MPRISArtwork
    private var announcer: MPRISAnnouncer?
    private var appVolume = 1.0
    private var volumeAppliedTo: ObjectIdentifier?
    private var stoppedItem: ItemID?
    // The item the last announcement was about: its own end (a failure clears the current item) must be heard too.
    private var announcedItem: ItemID?
    // Set while Stop moves the video to its start: that seek is part of stopping, not one clients hear about.
    private var stopping = false
    // What the last snapshot said of the play order, fullscreen and the presenter, so only their changes are announced.
    private var shown: (onEnd: OnEnd, shuffle: Bool, fullscreen: Bool, presenter: PresenterMetadata)?

    /// The presenter's part of the metadata, compared snapshot to snapshot.
    private struct PresenterMetadata: Equatable {
        var cover: Cover, frozen: Bool, position: Int?, length: Int?, running: Bool
        init(_ view: PresenterView) {
            (cover, frozen, running) = (view.cover, view.look.frozen, view.show.running)
            (position, length) = running ? (view.show.position, view.show.entries.count) : (nil, nil)
        }
    }

    /// Serves `controller`; `openablePath` turns a path given to OpenUri into the absolute path of a readable file, or nil;
    /// `artwork` finds or makes the art shown for each video.
    public init(
        controller: AppController, raise: @escaping @MainActor () -> Void, quit: @escaping @MainActor () -> Void,
        openablePath: @escaping @MainActor (String) -> String?, artwork: MPRISArtwork
    ) {
        self.controller = controller
        self.raiseWindow = raise
        self.quitApp = quit
        self.openablePath = openablePath
        self.artwork = artwork
        controller.subscribe { [weak self] change in self?.changed(change) }
        controller.observe { [weak self] snapshot in self?.observed(snapshot) }
        artwork.onArtReady = { [weak self] in self?.announcer?.invalidate(.metadata) }
    }

    /// Publishes the player on the session bus; `report` hears once if MPRIS is unavailable.
    public func publish(report: @escaping @MainActor (String) -> Void) {
        announce(to: MPRISServer(target: self, report: report))
    }

    /// Announces changes to `announcer` from now on (the server, or a recorder in tests).
    public func announce(to announcer: MPRISAnnouncer) {
        self.announcer = announcer
    }

    /// Leaves the bus; call before quitting.
    public func close() {
        announcer?.stop()
        announcer = nil
    }

    private var current: ItemID? { controller.currentItem }

    // MARK: State

    /// Whether the current video plays, is paused, or is stopped (or there is none).
    public var playbackStatus: MPRISPlaybackStatus {
        guard let video = controller.snapshot.current else { return .stopped }
        let id = video.id
        switch video.playback {
        case .playing?: return .playing
        case .paused?: return stoppedItem == id ? .stopped : .paused
        default: return .stopped
        }
    }

    /// The current video's metadata, with its poster as art and its row's line as the comment.
    public var metadata: MPRISMetadata? {
        guard let video = controller.snapshot.current else { return nil }
        let id = video.id
        // The current video may be far from the rows on screen: the controller makes its poster all the same.
        let art = artwork.path(forVideo: video.path) { controller.poster(for: id) }
        var metadata = MPRISMetadata(
            trackNumber: id.rawValue, path: video.path, title: video.title,
            durationMs: video.durationMs ?? controller.player(id)?.durationMs, artPath: art, comment: video.line?.text())
        let presenter = controller.snapshot.presenter
        metadata.cover = presenter.cover
        metadata.frozen = presenter.look.frozen
        if presenter.show.running {
            metadata.showPosition = presenter.show.position
            metadata.showLength = presenter.show.entries.count
        }
        return metadata
    }

    /// The current video's position; a seek in flight already reads as its target.
    public var positionMs: Int {
        guard let id = current else { return 0 }
        if let position = controller.castPosition(of: id) ?? controller.player(id)?.positionMs { return position }
        switch controller.snapshot.current?.playback {
        case .paused(let position)?: return position
        case .finished?: return metadata?.durationMs ?? 0
        default: return 0
        }
    }

    /// The player's one volume, applied to the current video.
    public var volume: Double {
        get { appVolume }
        set {
            appVolume = newValue
            guard let id = current, let player = controller.player(id) else { return }
            volumeAppliedTo = ObjectIdentifier(player)
            controller.intent(id, .volume(newValue))
        }
    }

    /// True when there is a video to play.
    public var canPlay: Bool { current != nil || firstPlayable != nil }
    /// True when there is a current video.
    public var canPause: Bool { current != nil }
    /// True when the current video has a known duration.
    public var canSeek: Bool { current.map { controller.player($0)?.durationMs != nil } ?? false }
    /// True when a playable video follows the current one, or the show running has one cued.
    public var canGoNext: Bool {
        let show = controller.snapshot.presenter.show
        if show.running { return show.upNext != nil }
        return current.flatMap { controller.playable(after: $0) } != nil
    }
    /// True when a playable video precedes the current one, or the show running has played one.
    public var canGoPrevious: Bool {
        let show = controller.snapshot.presenter.show
        if show.running { return show.position != nil }
        return current.flatMap { controller.playable(before: $0) } != nil
    }

    private var firstPlayable: ItemID? { controller.firstPlayable }

    /// What happens at the end of a video (MPRIS `LoopStatus`), as Preferences and the command line set it too.
    public var onEnd: OnEnd {
        get { controller.snapshot.onEnd }
        set { controller.setOnEnd(newValue) }
    }

    /// Whether "next" follows a shuffled order of the rows shown.
    public var shuffle: Bool {
        get { controller.snapshot.shuffle }
        set { controller.setShuffle(newValue) }
    }

    /// Whether the current video is fullscreen; setting it asks as the window's fullscreen button does.
    public var fullscreen: Bool {
        get { controller.snapshot.current?.fullscreen ?? false }
        set {
            guard let id = current, newValue != fullscreen else { return }
            controller.intent(id, newValue ? .toggleFullscreen : .leaveFullscreen)
        }
    }

    // MARK: Commands

    /// Plays the current video, or the first one.
    public func play() {
        guard let id = current ?? firstPlayable else { return }
        stoppedItem = nil
        controller.activate(id)
    }

    /// Pauses the current video if it plays.
    public func pause() {
        guard let id = current, controller.snapshot.current?.playback == .playing else { return }
        controller.intent(id, .togglePlay)
    }

    /// Pauses when playing, plays otherwise.
    public func playPause() {
        if playbackStatus == .playing { pause() } else { play() }
    }

    /// Pauses the current video at its start, which reads as Stopped.
    public func stop() {
        guard let id = current else { return }
        stoppedItem = id
        pause()
        if controller.player(id) != nil {
            stopping = true
            controller.intent(id, .seek(0))
            stopping = false
        }
        announcer?.invalidate(.playbackStatus)
    }

    /// Plays the next video: the show's next one while a show runs.
    public func next() {
        if controller.snapshot.presenter.show.running {
            controller.perform(.next)
            return
        }
        guard let id = current, let next = controller.playable(after: id) else { return }
        controller.activate(next)
    }

    /// Plays the previous video: the show's previous one while a show runs.
    public func previous() {
        if controller.snapshot.presenter.show.running {
            controller.perform(.previous)
            return
        }
        guard let id = current, let previous = controller.playable(before: id) else { return }
        controller.activate(previous)
    }

    /// Seeks the current video.
    public func seek(toMs ms: Int) {
        guard let id = current, controller.player(id) != nil else { return }
        controller.intent(id, .seek(ms))
    }

    /// Adds the readable file at `path` and plays it; a playlist or stream manifest (by its name) is refused, as its
    /// entries name other files or network addresses. One with a video's name is refused by the probe and the player.
    public func open(path: String) -> Bool {
        guard !PlaylistNames.matches(path), let absolute = openablePath(path), let id = controller.add(paths: [absolute]).first else {
            return false
        }
        stoppedItem = nil
        controller.activate(id)
        return true
    }

    /// Brings the main window to the front.
    public func raise() { raiseWindow() }

    /// Quits the app.
    public func quit() { quitApp() }

    // MARK: Changes

    private func changed(_ change: AppChange) {
        switch change {
        case .playback(let id):
            // Only the current video's changes reach MPRIS; a 10,000-file library's probe results would otherwise
            // each recompute every property on the main loop.
            guard id == current || id == announcedItem else { return }
            announcedItem = current
            if id == current, controller.snapshot.current?.playback == .playing, stoppedItem == id { stoppedItem = nil }
            carryVolume()
            announcer?.invalidate(.all)
        case .seeked(let id, let ms):
            guard id == current, !stopping else { return }
            announcer?.seeked(toMs: ms)
        case .volume(let id):
            if id == current, let player = controller.player(id) {
                // Changed in the window: that is the player's one volume now.
                appVolume = player.volume
                volumeAppliedTo = ObjectIdentifier(player)
            }
            announcer?.invalidate(.volume)
        case .library, .sort:
            // Next and Previous follow the list; its order decides whether there is one.
            announcer?.invalidate(.capabilities)
        case .folders:
            // Removing a folder also announces `.library`; the folder list itself is nothing MPRIS shows.
            break
        }
    }

    /// Announces the play order and fullscreen when they change, from whichever side changed them.
    private func observed(_ snapshot: AppSnapshot) {
        let now = (
            onEnd: snapshot.onEnd, shuffle: snapshot.shuffle, fullscreen: snapshot.current?.fullscreen ?? false,
            presenter: PresenterMetadata(snapshot.presenter)
        )
        defer { shown = now }
        guard let shown else { return }
        var changed: MPRISChange = []
        if now.onEnd != shown.onEnd || now.shuffle != shown.shuffle { changed.formUnion([.playOrder, .capabilities]) }
        if now.fullscreen != shown.fullscreen { changed.insert(.fullscreen) }
        // A show's steps also change Next and Previous.
        if now.presenter != shown.presenter { changed.formUnion([.metadata, .capabilities]) }
        if !changed.isEmpty { announcer?.invalidate(changed) }
    }

    /// Gives a new player of the current video the player's one volume (a new player starts at full volume).
    private func carryVolume() {
        guard let id = current, let player = controller.player(id) else { return }
        let identity = ObjectIdentifier(player)
        guard identity != volumeAppliedTo else { return }
        volumeAppliedTo = identity
        if abs(player.volume - appVolume) > 0.001 { controller.intent(id, .volume(appVolume)) }
    }
}

import Foundation

/// Drives the library window: probing, posters, exclusive playback and the events log.
///
/// It owns the pure state machines and turns their effects into calls on the presenter and the
/// media backend, which are protocols so tests can drive it with fakes.
@MainActor
public final class AppController {
    /// The library shown.
    public internal(set) var library = Library()
    /// The library's folders and the recently opened ones.
    public internal(set) var folders = LibraryFolders()
    /// The playback policy state.
    public internal(set) var policy: PlaybackPolicy
    let backend: MediaBackend
    weak var presenter: LibraryPresenter?
    let log: EventLog
    var players: [ItemID: MediaPlayer] = [:]
    /// Carries out the pre-roll machine's effects: the selected row's player made ahead of Enter.
    let prerollDriver: PrerollDriver
    /// Where each live view is shown and where it goes home to.
    public internal(set) var views = ViewPlacements()
    /// Carries out the routing machine's effects; it holds the screens.
    let screenDriver: ScreenDriver
    /// The rows the list shows: the whole library or a search's matches, in the chosen order.
    public internal(set) var shown = ShownRows()
    var resortTimer: ScheduledTimer?
    private var progressTimer: ScheduledTimer?
    /// Files that failed to read since the last notice.
    var unreadable = UnreadableTally()
    /// The per-file lines printed on the terminal while the library is read, the rest summed up once it is.
    var fileLines = FileLineLimit()
    /// Carries out the audio route's effects through the sound server.
    let audioDriver: AudioDriver
    let timers: TimerScheduling
    private let progressTimers: TimerScheduling
    /// Where date, duration and size orders are sorted.
    let sorting: BackgroundQueueing
    /// Where probes, posters, subtitle reads, remembered answers and search keys are made.
    let work: BackgroundQueueing
    var readCount = 0
    /// The files a crash marked, and the ones open in a player now (see `CrashQuarantine`).
    public internal(set) var quarantine = CrashQuarantine()
    private var subscribers: [@MainActor (AppChange) -> Void] = []
    /// Where what the app keeps across runs is read and written: positions, tracks, choices, the crash journal.
    public var memory = AppMemory()
    /// Carries out the tracks machine's effects: soundtracks, subtitles and their cues.
    let trackDriver: TrackDriver
    /// Hands the snapshot to the window, the settings kept and MPRIS.
    let publisher = SnapshotPublisher()
    /// Keeps the rows the list renders and the selection.
    let rowsDriver = RowsDriver()

    /// How videos fill their views now.
    public private(set) var scaling: ScalingMode

    /// Creates a controller; `workers` bounds concurrent probes and posters; `progressTimers` (default: `timers`) paces
    /// the progress display; `sorting` sorts rows by date, duration or size (default: a serial queue of its own);
    /// `work` runs the media and search work off the main thread (default: libdispatch's worker threads).
    public init(
        backend: MediaBackend, log: EventLog, onEnd: OnEnd, exitOnEnd: Bool,
        router: RouterConfig = RouterConfig(), scaling: ScalingMode = .fit, sort: RowSort = .standard, workers: Int = 2,
        timers: TimerScheduling = MainQueueTimers(), progressTimers: TimerScheduling? = nil, sorting: BackgroundQueueing? = nil,
        work: BackgroundQueueing? = nil
    ) {
        let work = work ?? ConcurrentBackgroundQueue()
        self.work = work
        self.timers = timers
        self.progressTimers = progressTimers ?? timers
        self.sorting = sorting ?? SerialBackgroundQueue(label: "videotoy.sort")
        self.scaling = scaling
        screenDriver = ScreenDriver(config: router, timers: timers, log: log)
        audioDriver = AudioDriver(log: log)
        prerollDriver = PrerollDriver(timers: timers)
        self.backend = backend
        self.log = log
        self.policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: exitOnEnd)
        mediaWork = MediaWorkDriver(backend: backend, work: work, workers: workers)
        trackDriver = TrackDriver(backend: backend, paths: mediaWork.paths, work: work, timers: timers, log: log)
        shown.order(sort, in: library)
        mediaWork.attach(owner: self)
        screenDriver.attach(owner: self)
        trackDriver.attach(owner: self)
        audioDriver.attach(owner: self)
        prerollDriver.attach(owner: self)
        rowsDriver.attach(owner: self)
    }

    /// Carries out the probes and posters, and keeps the posters.
    let mediaWork: MediaWorkDriver
    /// The path and duration of each item, as the work off the main thread reads them.
    var pathTable: PathTable { mediaWork.paths }

    /// Connects the window.
    public func attach(_ presenter: LibraryPresenter) {
        self.presenter = presenter
        trackDriver.presenter = presenter
    }

    /// The rows at these display positions are on screen: their metadata and posters come first.
    public func rowsVisible(_ range: Range<Int>) {
        // Rows that came near the view get their posters, and those that left it let theirs go.
        let reachChanged = mediaWork.show(range)
        rowsDriver.show(range)
        for index in reachChanged {
            if let id = id(at: index) { rowChanged(id) }
        }
        requestRowWork()
    }

    /// The row of `id` left the screen (recycled): its pending probe waits behind the rows on screen, and its
    /// poster is no longer wanted (posters are made for rows on screen and near them; showing it asks again).
    public func rowHidden(_ id: ItemID) {
        mediaWork.rowHidden(id)
    }

    // MARK: Playback

    /// The user chose to play `id` (click, Enter, Space, a play button, `--play`).
    public func activate(_ id: ItemID) {
        guard let item = library.item(id) else { return }
        // A live player keeps its file open, so it can resume even after the file vanished.
        if case .failed(let failure) = item.state, players[id] == nil {
            log.terminal("\(PathBytes.display(item.path)): \(failure.message)")
            return
        }
        apply(policy.handle(.activate(id)))
    }

    /// Calls `handler` with every change from now on, on the main thread, after the change is done.
    public func subscribe(_ handler: @escaping @MainActor (AppChange) -> Void) {
        subscribers.append(handler)
    }

    func announce(_ change: AppChange) {
        publish()
        for subscriber in subscribers { subscriber(change) }
        showProgressSoon()
    }

    /// Whether an update of the progress display is scheduled: after a change, and all the time while a video plays.
    public var isUpdatingProgress: Bool { progressTimer != nil }

    /// Shows progress shortly after a change, then four times a second while a video plays; with nothing playing no
    /// timer runs, so an idle app is not woken.
    private func showProgressSoon() {
        guard progressTimer == nil else { return }
        progressTimer = progressTimers.after(milliseconds: 250) { [weak self] in
            guard let self else { return }
            progressTimer = nil
            tick()
            if isPlaying { showProgressSoon() }
        }
    }

    /// The user asked a live view for something.
    public func intent(_ id: ItemID, _ intent: ViewIntent) {
        switch intent {
        case .togglePlay:
            if policy.states[id] == .playing { apply(policy.handle(.pause(id))) } else { activate(id) }
        case .seek(let asked):
            guard let player = players[id] else { return }
            let ms = MediaTime.positionMs(asked)
            player.seek(toMs: ms)
            trackDriver.subtitlesJumped(id)
            announce(.seeked(id, positionMs: ms))
        case .volume(let value):
            guard let player = players[id] else { return }
            player.volume = value
            announce(.volume(id))
        case .toggleMute:
            guard let player = players[id] else { return }
            player.muted.toggle()
            announce(.volume(id))
        case .toggleFullscreen:
            setFullscreen(id, !views.wantsFullscreen(id))
        case .leaveFullscreen:
            setFullscreen(id, false)
        case .seekBy(let delta):
            guard let player = players[id], let position = player.positionMs else { return }
            // The player's figures come from the file: checked arithmetic, and never past 100 years.
            let end = MediaTime.durationMs(player.durationMs).map { $0 - 1 } ?? MediaTime.longestMs
            let target = min(end, MediaTime.positionMs(MediaTime.offset(position, by: delta)))
            player.seek(toMs: target)
            trackDriver.subtitlesJumped(id)
            announce(.seeked(id, positionMs: target))
        case .volumeBy(let delta):
            guard let player = players[id] else { return }
            player.volume = min(1, max(0, player.volume + delta))
            announce(.volume(id))
        case .next:
            if let next = playable(after: id) { activate(next) }
        case .setScaling(let mode):
            setScaling(mode)
        case .chooseAudio(let choice):
            chooseAudio(choice)
        case .chooseTrack(let kind, let track):
            chooseTrack(id, kind, track)
        case .cycleTrack(let kind):
            cycleTrack(id, kind)
        }
    }

    /// Uses `preferences` from now on: what happens at the end, the grace period and whether modes are kept.
    /// (Scaling has its own call; the control style applies to views made later, which the window decides.)
    public func use(_ preferences: Preferences) {
        apply(policy.handle(.setOnEnd(preferences.onEnd)))
        route(
            .reconfigure(
                gracePeriodMilliseconds: MediaTime.milliseconds(seconds: preferences.reconnectGraceSeconds),
                keepMode: preferences.keepMode))
    }

    /// Makes every video view fill its area the way `mode` says, now and for views made later.
    public func setScaling(_ mode: ScalingMode) {
        scaling = mode
        presenter?.applyScaling(mode)
        memory.onScalingChanged?(mode)
        publish()
        log.emit(.scaling, fields: [(.mode, .string(mode.rawValue))])
    }

    /// Refreshes the time shown by live views; call a few times a second.
    public func tick() {
        for (id, player) in players {
            presenter?.showProgress(
                for: id,
                PlaybackProgress(
                    positionMs: player.positionMs ?? 0, durationMs: player.durationMs,
                    playing: policy.states[id] == .playing, muted: player.muted,
                    volume: player.volume))
        }
    }

    /// Whether some video is playing now (paused ones do not count): the progress display needs updates only then.
    public var isPlaying: Bool { policy.playing != nil }

    /// Whether anything is in flight: a video playing, or metadata and posters still to make.
    public var hasWorkInFlight: Bool { isPlaying || mediaWork.isBusy }

    /// Where the view of `id` is shown, if it has one.
    public func placement(of id: ItemID) -> ViewPlacement? { views.placement(of: id) }

    /// The player of `id`, if live (for volume and mute state in views).
    public func player(_ id: ItemID) -> MediaPlayer? { players[id] }

    private func setFullscreen(_ id: ItemID, _ on: Bool) {
        guard players[id] != nil else { return }
        place(.fullscreen(id, on))
    }

    /// Feeds the placement machine and carries out what it says.
    func place(_ event: ViewPlacements.Event) {
        for effect in views.handle(event) {
            switch effect {
            case .place(let id, let placement):
                presenter?.placeVideoView(for: id, at: placement)
                rowChanged(id)
            case .moved(let id, let name):
                rowChanged(id)
                guard let item = library.item(id) else { continue }
                if case .screen(let connector)? = views.placement(of: id) {
                    presenter?.showNotice("Playing on \(screenName(connector))")
                }
                log.emit(.route, path: item.path, fields: [(.to, .string(name)), (.positionMs, .int(players[id]?.positionMs ?? 0))])
            case .fullscreenChanged(let id, let on):
                guard let item = library.item(id) else { continue }
                log.emit(.fullscreen, path: item.path, fields: [(.on, .bool(on)), (.window, .string("main"))])
            case .arrived(let id, let window):
                guard let item = library.item(id) else { continue }
                log.emit(
                    .firstFrame, path: item.path, fields: [(.window, .string(window)), (.positionMs, .int(players[id]?.positionMs ?? 0))])
            }
        }
    }

    func apply(_ effects: [PlaybackEffect]) {
        for effect in effects {
            switch effect {
            case .play(let id, let fromMs):
                prerollEvent(.activated(id))
                // An adopted pre-roll already waits at its start; seeking there again would decode it twice.
                let heldStart = prerollDriver.adoptedStart(of: id)
                let fresh = players[id] == nil
                guard let player = ensurePlayer(id) else { continue }
                let remembered = fresh ? library.item(id).flatMap { memory.resumePosition?($0.path) } : nil
                if let start = fromMs ?? remembered, start != heldStart { player.seek(toMs: start) }
                player.play()
                rowChanged(id)
                // Whatever started it (--play, N, a playlist, MPRIS, another launch), the playing row is shown.
                reveal(id)
                announce(.playback(id))
            case .pause(let id):
                players[id]?.pause()
            case .restart(let id):
                players[id]?.seek(toMs: 0)
                // The player sends the cues at the start again: those of the round before would show twice.
                trackDriver.subtitlesJumped(id)
                players[id]?.play()
                rowChanged(id)
                announce(.seeked(id, positionMs: 0))
            case .release(let id):
                closePlayer(id)
            case .leaveFullscreen(let id):
                setFullscreen(id, false)
            case .markFinished(let id):
                rowChanged(id)
                announce(.playback(id))
            case .markFailed(let id, _):
                rowChanged(id)
                announce(.playback(id))
            case .quit(let status):
                presenter?.quit(status: status.rawValue)
            }
        }
        // MPRIS shows the current video's poster as art, wherever its row is.
        if let current = policy.current { requestPosterIfWanted(current) }
        followPolicyInRouter()
    }

    /// Tells the router which video to place when the policy's answer changed: the policy is the one record of
    /// the user's choice, and the router only follows it.
    private func followPolicyInRouter() {
        let wanted = policy.routed
        guard wanted != router.selection else { return }
        if let wanted {
            route(.selected(wanted))
        } else if let previous = router.selection {
            route(.finished(previous))
        }
    }

    /// The view of `id` is now `width` by `height` device pixels; its player decodes pictures no bigger.
    public func viewResized(_ id: ItemID, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        players[id]?.limitPictureSize(toPixels: max(width, height))
    }

    /// The view of `id` drew its first frame since it was placed; logs where it arrived.
    public func viewShowedFrame(_ id: ItemID, at placement: ViewPlacement) {
        guard players[id] != nil else { return }
        place(.frameShown(id, placement))
    }

    private func ensurePlayer(_ id: ItemID) -> MediaPlayer? {
        if let player = players[id] { return player }
        guard let item = library.item(id), let presenter else { return nil }
        let output = presenter.makeVideoView(for: id, title: item.name)
        journalOpening(item.path)
        let player = backend.makePlayer(path: item.path, output: output) { [weak self] message in
            self?.received(message, from: id)
        }
        guard let player else {
            journalClosed(item.path, played: false)
            presenter.dropVideoView(for: id)
            apply(policy.handle(.failed(id, message: "No GStreamer pipeline could be built for this file.")))
            return nil
        }
        players[id] = player
        trackDriver.openTracks(id, path: item.path, info: item.state.info)
        place(.created(id))
        return player
    }

    func closePlayer(_ id: ItemID) {
        guard let player = players.removeValue(forKey: id) else { return }
        if let position = player.positionMs {
            _ = policy.handle(.paused(id, positionMs: position))
            // A finished item was already remembered at its end; its position now would be its start.
            if policy.states[id] != .finished { remember(id, positionMs: position) }
        }
        player.close()
        if let path = library.item(id)?.path { journalClosed(path, played: true) }
        trackDriver.closeTracks(id)
        place(.released(id))
        presenter?.dropVideoView(for: id)
        rowChanged(id)
        announce(.playback(id))
    }

    func received(_ message: PlayerMessage, from id: ItemID) {
        guard let item = library.item(id), players[id] != nil else { return }
        switch message {
        case .playing(let position):
            log.emit(.play, path: item.path, fields: [(.positionMs, .int(position))])
            trackDriver.showSubtitles(id)
            rowChanged(id)
            announce(.playback(id))
        case .paused(let position):
            _ = policy.handle(.paused(id, positionMs: position))
            remember(id, positionMs: position)
            log.emit(.pause, path: item.path, fields: [(.positionMs, .int(position))])
            trackDriver.showSubtitles(id)
            rowChanged(id)
            announce(.playback(id))
        case .firstFrame:
            let window: String
            switch views.placement(of: id) ?? .row {
            case .row, .fullscreen: window = "main"
            case .screen(let connector): window = connector
            }
            log.emit(
                .firstFrame, path: item.path,
                fields: [
                    (.window, .string(window)),
                    (.positionMs, .int(players[id]?.positionMs ?? 0)),
                ])
        case .prerolled:
            return
        case .duration:
            announce(.playback(id))
        case .tracks(let audio, let subtitles):
            trackDriver.embeddedTracks(id, audio: audio, subtitles: subtitles)
        case .cue(let cue):
            trackDriver.cueArrived(id, cue)
        case .endOfStream:
            // A header with a duration and a codec and no pictures after it (a stub, a copy cut after its header) ends
            // at once; calling that a finish would tell a kiosk all went well. A video whose decoder is missing plays its
            // sound, and its row already names the package.
            if let frames = presenter?.frameCounts(for: id), frames.shown + frames.dropped == 0, case .ready(let info) = item.state,
                info.hasVideo, info.missingDecoders.isEmpty
            {
                return received(.error(Self.noPictures), from: id)
            }
            let position = players[id]?.positionMs ?? players[id]?.durationMs ?? 0
            var fields: [(EventField, JSONValue)] = [(.positionMs, .int(position))]
            if let frames = presenter?.frameCounts(for: id) {
                fields += [(.framesShown, .int(frames.shown)), (.framesDropped, .int(frames.dropped))]
            }
            log.emit(.finished, path: item.path, fields: fields)
            remember(id, positionMs: position)
            apply(policy.handle(.finished(id, next: playableUnasked(after: id))))
        case .error(let text):
            log.emit(
                .error, path: item.path,
                fields: [
                    (.message, .string(text)),
                    (.positionMs, .int(players[id]?.positionMs ?? 0)),
                ])
            log.terminal("\(PathBytes.display(item.path)): \(text)")
            apply(policy.handle(.failed(id, message: text, next: playableUnasked(after: id))))
        }
    }

    /// Why a video that ended without a single picture failed.
    static let noPictures = "The video ended before its first picture: the file holds no pictures (it may be only a header)."

    private func remember(_ id: ItemID, positionMs: Int) {
        guard let item = library.item(id), let rememberPosition = memory.onPositionToRemember else { return }
        var duration = players[id]?.durationMs
        if duration == nil, case .ready(let info) = item.state { duration = info.durationMs }
        if let duration { rememberPosition(item.path, positionMs, duration) }
    }

    /// Restores display modes, closes scenes and releases every player, for a clean exit.
    public func shutDown() {
        prerollEvent(.shutdown)
        screenDriver.shutDown()
        for id in Array(players.keys) { closePlayer(id) }
    }
}

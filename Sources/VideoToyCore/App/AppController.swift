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
    weak var presenter: LibraryPresenter?
    let log: EventLog
    /// Carries out the pre-roll machine's effects: the selected row's player made ahead of Enter.
    let prerollDriver: PrerollDriver
    /// Carries out the routing machine's effects; it holds the screens.
    let screenDriver: ScreenDriver
    /// Carries out the audio route's effects through the sound server.
    let audioDriver: AudioDriver
    /// Where what the app keeps across runs is read and written: positions, tracks, choices, the crash journal.
    public var memory = AppMemory()
    /// Carries out the tracks machine's effects: soundtracks, subtitles and their cues.
    let trackDriver: TrackDriver
    /// Carries out the playback policy's effects: the players, their views' places, the progress and the crash journal.
    let playbackDriver: PlaybackDriver
    /// Keeps the library's books: the rows as shown, their order and search, and what the probes found.
    let libraryDriver: LibraryDriver
    /// Hands the snapshot to the window, the settings kept and MPRIS, and each change to its subscribers.
    let publisher = SnapshotPublisher()
    /// Keeps the rows the list renders and the selection.
    let rowsDriver = RowsDriver()
    /// Carries out the presenter machine's effects and keeps the show.
    let presenterDriver: PresenterDriver

    /// How videos fill their views now.
    public private(set) var scaling: ScalingMode

    /// Creates a controller; `workers` bounds concurrent probes and posters; `progressTimers` (default: `timers`) paces
    /// the progress display; `sorting` sorts rows by date, duration or size (default: a serial queue of its own);
    /// `work` runs the media and search work off the main thread (default: libdispatch's worker threads); `shuffleSeed`
    /// fixes the shuffled orders (default: a random one).
    public init(
        backend: MediaBackend, log: EventLog, onEnd: OnEnd, exitOnEnd: Bool, shuffle: Bool = false, shuffleSeed: UInt64? = nil,
        router: RouterConfig = RouterConfig(), presenter: PresenterSettings = PresenterSettings(), scaling: ScalingMode = .fit,
        sort: RowSort = .standard, workers: Int = 2,
        timers: TimerScheduling = MainQueueTimers(), progressTimers: TimerScheduling? = nil, sorting: BackgroundQueueing? = nil,
        work: BackgroundQueueing? = nil
    ) {
        let work = work ?? ConcurrentBackgroundQueue()
        self.scaling = scaling
        screenDriver = ScreenDriver(config: router, timers: timers, log: log)
        audioDriver = AudioDriver(log: log)
        prerollDriver = PrerollDriver(timers: timers)
        self.log = log
        mediaWork = MediaWorkDriver(backend: backend, work: work, workers: workers)
        trackDriver = TrackDriver(backend: backend, paths: mediaWork.paths, work: work, timers: timers, log: log)
        playbackDriver = PlaybackDriver(
            policy: PlaybackPolicy(onEnd: onEnd, exitOnEnd: exitOnEnd, shuffleSeed: shuffleSeed ?? .random(in: .min ... .max)),
            backend: backend, tracks: trackDriver,
            progressTimers: progressTimers ?? timers, log: log)
        libraryDriver = LibraryDriver(
            sorting: sorting ?? SerialBackgroundQueue(label: "videotoy.sort"), work: work, timers: timers, log: log)
        presenterDriver = PresenterDriver(settings: presenter, timers: timers, log: log)
        mediaWork.attach(owner: self)
        let playback = playbackDriver
        mediaWork.holdsPosters = { [weak playback] in playback?.isStartingPlayer ?? false }
        playbackDriver.onStarted = { [weak mediaWork] in mediaWork?.resumePosters() }
        screenDriver.attach(owner: self)
        trackDriver.attach(owner: self)
        audioDriver.attach(owner: self)
        prerollDriver.attach(owner: self)
        playbackDriver.attach(owner: self)
        libraryDriver.attach(owner: self)
        libraryDriver.start(sort)
        rowsDriver.attach(owner: self)
        presenterDriver.attach(owner: self)
        if shuffle { playbackDriver.handle(.setShuffle(true, rows: [])) }
    }

    /// Carries out the probes and posters, and keeps the posters.
    let mediaWork: MediaWorkDriver
    /// The path and duration of each item, as the work off the main thread reads them.
    var pathTable: PathTable { mediaWork.paths }

    /// Connects the window.
    public func attach(_ presenter: LibraryPresenter) {
        self.presenter = presenter
        trackDriver.presenter = presenter
        playbackDriver.presenter = presenter
        libraryDriver.presenter = presenter
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

    /// The playback policy state.
    public var policy: PlaybackPolicy { playbackDriver.policy }

    /// Where each live view is shown and where it goes home to.
    public var views: ViewPlacements { playbackDriver.views }

    /// The files a crash marked, and the ones open in a player now (see `CrashQuarantine`).
    public var quarantine: CrashQuarantine { playbackDriver.quarantine }

    /// The live players.
    var players: [ItemID: MediaPlayer] { playbackDriver.players }

    /// The user chose to play `id` (click, Enter, Space, a play button, `--play`).
    public func activate(_ id: ItemID) {
        // A video on a TV plays on there: playing it means going on where the TV paused.
        if let cast = screenDriver.cast, cast.session.item == id {
            if cast.session.isPaused { cast.handle(.setPaused(false)) }
            return
        }
        playbackDriver.activate(id)
    }

    /// Calls `handler` with every change from now on, on the main thread, after the change is done.
    public func subscribe(_ handler: @escaping @MainActor (AppChange) -> Void) {
        publisher.subscribe(handler)
    }

    func announce(_ change: AppChange) {
        publish()
        publisher.tell(change)
        playbackDriver.showProgressSoon()
    }

    /// Whether an update of the progress display is scheduled: after a change, and all the time while a video plays.
    public var isUpdatingProgress: Bool { playbackDriver.isUpdatingProgress }

    /// The user asked a live view for something.
    public func intent(_ id: ItemID, _ intent: ViewIntent) {
        if castIntent(id, intent) { return }
        switch intent {
        case .togglePlay, .seek, .volume, .toggleMute, .toggleFullscreen, .leaveFullscreen, .seekBy, .volumeBy:
            playbackDriver.intent(id, intent)
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
        case .chooseEncoding(let encoding):
            trackDriver.chooseEncoding(id, encoding)
        }
    }

    /// Uses `preferences` from now on: what happens at the end, the grace period and whether modes are kept.
    /// (Scaling has its own call; the control style applies to views made later, which the window decides.)
    public func use(_ preferences: Preferences) {
        setOnEnd(preferences.onEnd)
        setShuffle(preferences.shuffle)
        usePresenter(preferences.presenter)
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
        playbackDriver.tick()
    }

    /// Whether some video is playing now (paused ones do not count): the progress display needs updates only then.
    public var isPlaying: Bool { policy.playing != nil }

    /// Whether anything is in flight: a video playing, or metadata and posters still to make.
    public var hasWorkInFlight: Bool { isPlaying || mediaWork.isBusy }

    /// Where the view of `id` is shown, if it has one.
    public func placement(of id: ItemID) -> ViewPlacement? { views.placement(of: id) }

    /// The player of `id`, if live (for volume and mute state in views).
    public func player(_ id: ItemID) -> MediaPlayer? { playbackDriver.player(id) }

    /// The view of `id` is now `width` by `height` device pixels; its player decodes pictures no bigger.
    public func viewResized(_ id: ItemID, width: Int, height: Int) {
        playbackDriver.viewResized(id, width: width, height: height)
    }

    /// The view of `id` drew its first frame since it was placed; logs where it arrived.
    public func viewShowedFrame(_ id: ItemID, at placement: ViewPlacement) {
        playbackDriver.viewShowedFrame(id, at: placement)
    }

    /// Restores display modes, closes scenes and releases every player, for a clean exit.
    public func shutDown() {
        prerollEvent(.shutdown)
        screenDriver.shutDown()
        playbackDriver.closeAll()
    }
}

/// What the playback needs from the controller, which keeps the library, the rows as shown and the router.
extension AppController: PlaybackDriver.Owner {
    func item(_ id: ItemID) -> LibraryItem? { library.item(id) }

    func playStarting(_ id: ItemID) -> Int? {
        prerollEvent(.activated(id))
        return prerollDriver.adoptedStart(of: id)
    }

    func presentationChanged() { publish() }

    func playbackProgressed(_ id: ItemID, positionMs: Int, durationMs: Int?) {
        guard id == presenterDriver.presenter.onStage, let durationMs else { return }
        presenterDriver.handle(.progress(id, positionMs: positionMs, durationMs: durationMs))
    }

    func playbackEnded(_ id: ItemID) {
        presenterDriver.handle(.finished(id))
        showEnded(id)
    }

    func followPolicy(current: ItemID?, routed wanted: ItemID?) {
        // MPRIS shows the current video's poster as art, wherever its row is.
        if let current { requestPosterIfWanted(current) }
        // The policy is the one record of the user's choice, and the router only follows it.
        guard wanted != router.selection else { return }
        if let wanted {
            route(.selected(wanted))
        } else if let previous = router.selection {
            route(.finished(previous))
        }
    }
}

/// Carries out the playback policy's effects: the live players, where their views are placed, the progress display
/// and the crash journal. The library's items, the rows as shown, the pre-roll's hand-over, the router and what the app
/// keeps across runs come from `PlaybackDriver.Owner`; the tracks of each player are the track driver's.
@MainActor
final class PlaybackDriver {
    /// What the playback needs from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// The library's item of `id`, if it holds one.
        func item(_ id: ItemID) -> LibraryItem?
        /// What the app keeps across runs: positions and the crash journal.
        var memory: AppMemory { get }
        /// The first playable row after `id`'s in the list as shown.
        func playable(after id: ItemID) -> ItemID?
        /// How a person knows the screen on `connector`.
        func screenName(_ connector: String) -> String
        /// `id` is about to play: the pre-roll hands over its player, if it holds one; returns where that one was seeked.
        func playStarting(_ id: ItemID) -> Int?
        /// Something the user sees changed.
        func announce(_ change: AppChange)
        /// The policy's effects were carried out: `current` is the video chosen last, `routed` the one to place.
        func followPolicy(current: ItemID?, routed: ItemID?)
        /// The row of `id` may show something else now.
        func rowChanged(_ id: ItemID)
        /// Selects the row of `id` and brings it into view, if the list shows it.
        func reveal(_ id: ItemID)
        /// Something the snapshot shows changed that is no playback change (fullscreen): it is due again.
        func presentationChanged()
        /// The video of `id` is at `positionMs` of `durationMs`: the presentation screen fades out before its end.
        func playbackProgressed(_ id: ItemID, positionMs: Int, durationMs: Int?)
        /// The video of `id` reached its end, before its view goes home.
        func playbackEnded(_ id: ItemID)
    }

    /// The playback policy state.
    private(set) var policy: PlaybackPolicy
    /// The live players.
    private(set) var players: [ItemID: MediaPlayer] = [:]
    /// Carries out the placement machine's effects: where each live view is shown and goes home to.
    let placements: PlacementDriver
    /// Where each live view is shown and where it goes home to.
    var views: ViewPlacements { placements.views }
    /// The files a crash marked, and the ones open in a player now (see `CrashQuarantine`).
    private(set) var quarantine = CrashQuarantine()
    /// Where players' pictures, rows, notices and the progress are shown.
    weak var presenter: LibraryPresenter? {
        didSet { placements.presenter = presenter }
    }
    private var progressTimer: ScheduledTimer?
    /// Players asked to play that have shown no picture yet (nor started playing, nor failed).
    private var starting: Set<ItemID> = []
    /// Called once no player waits for its first picture any more.
    var onStarted: (() -> Void)?
    /// What the playback reports to.
    private(set) weak var owner: Owner?
    /// Where players are made.
    let backend: MediaBackend
    private let tracks: TrackDriver
    private let progressTimers: TimerScheduling
    private let log: EventLog

    /// Creates a driver making players with `backend`, opening their tracks with `tracks`, pacing the progress display
    /// on `progressTimers` and logging to `log`.
    init(policy: PlaybackPolicy, backend: MediaBackend, tracks: TrackDriver, progressTimers: TimerScheduling, log: EventLog) {
        self.policy = policy
        self.backend = backend
        self.tracks = tracks
        self.progressTimers = progressTimers
        self.log = log
        placements = PlacementDriver(log: log)
    }

    /// Connects what the playback reports to.
    func attach(owner: Owner) {
        self.owner = owner
        placements.attach(owner: self)
    }

    /// The player of `id`, if live.
    func player(_ id: ItemID) -> MediaPlayer? { players[id] }

    /// Whether a player asked to play still waits for its first picture: the time the user waits on, which other
    /// work on the two cores (posters) must not lengthen.
    var isStartingPlayer: Bool { !starting.isEmpty }

    /// `id` is no longer starting: it showed a picture, plays, failed or was closed.
    private func started(_ id: ItemID) {
        guard starting.remove(id) != nil, starting.isEmpty else { return }
        onStarted?()
    }

    /// Whether an update of the progress display is scheduled.
    var isUpdatingProgress: Bool { progressTimer != nil }

    /// The user chose to play `id`.
    func activate(_ id: ItemID) {
        guard let item = owner?.item(id) else { return }
        // A live player keeps its file open, so it can resume even after the file vanished.
        if case .failed(let failure) = item.state, players[id] == nil {
            log.terminal(.probe(failure), about: item.path)
            return
        }
        handle(.activate(id))
    }

    /// Feeds the playback policy and carries out what it says.
    func handle(_ event: PlaybackEvent) {
        apply(policy.handle(event))
    }

    /// The user asked the live view of `id` for something about its playback; other intents are the owner's.
    func intent(_ id: ItemID, _ intent: ViewIntent) {
        switch intent {
        case .togglePlay:
            if policy.states[id] == .playing { handle(.pause(id)) } else { activate(id) }
        case .seek(let asked):
            guard let player = players[id] else { return }
            let ms = MediaTime.positionMs(asked)
            player.seek(toMs: ms)
            tracks.subtitlesJumped(id)
            owner?.announce(.seeked(id, positionMs: ms))
        case .volume(let value):
            guard let player = players[id] else { return }
            player.volume = value
            owner?.announce(.volume(id))
        case .toggleMute:
            guard let player = players[id] else { return }
            player.muted.toggle()
            owner?.announce(.volume(id))
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
            tracks.subtitlesJumped(id)
            owner?.announce(.seeked(id, positionMs: target))
        case .volumeBy(let delta):
            guard let player = players[id] else { return }
            player.volume = min(1, max(0, player.volume + delta))
            owner?.announce(.volume(id))
        case .next, .setScaling, .chooseAudio, .chooseTrack, .cycleTrack, .chooseEncoding:
            return
        }
    }

    /// Shows progress shortly after a change, then four times a second while a video plays; with nothing playing no
    /// timer runs, so an idle app is not woken.
    func showProgressSoon() {
        guard progressTimer == nil else { return }
        progressTimer = progressTimers.after(milliseconds: 250) { [weak self] in
            guard let self else { return }
            progressTimer = nil
            tick()
            if policy.playing != nil { showProgressSoon() }
        }
    }

    /// Refreshes the time shown by live views.
    func tick() {
        for (id, player) in players {
            if policy.states[id] == .playing {
                owner?.playbackProgressed(id, positionMs: player.positionMs ?? 0, durationMs: player.durationMs)
            }
            presenter?.showProgress(
                for: id,
                PlaybackProgress(
                    positionMs: player.positionMs ?? 0, durationMs: player.durationMs,
                    playing: policy.states[id] == .playing, muted: player.muted,
                    volume: player.volume))
        }
    }

    private func setFullscreen(_ id: ItemID, _ on: Bool) {
        guard players[id] != nil else { return }
        place(.fullscreen(id, on))
    }

    /// Feeds the placement machine; its driver carries out what it says.
    func place(_ event: ViewPlacements.Event) { placements.handle(event) }

    private func apply(_ effects: [PlaybackEffect]) {
        for effect in effects {
            switch effect {
            case .play(let id, let fromMs):
                // An adopted pre-roll already waits at its start; seeking there again would decode it twice.
                let heldStart = owner?.playStarting(id)
                let fresh = players[id] == nil
                // Held from before the player is made: making it asks for the current video's poster (MPRIS art).
                if fresh { starting.insert(id) }
                guard let player = ensurePlayer(id) else {
                    started(id)
                    continue
                }
                let remembered = fresh ? owner?.item(id).flatMap { owner?.memory.resumePosition?($0.path) } : nil
                if let start = fromMs ?? remembered, start != heldStart { player.seek(toMs: start) }
                player.play()
                owner?.rowChanged(id)
                // Whatever started it (--play, N, a playlist, MPRIS, another launch), the playing row is shown.
                owner?.reveal(id)
                owner?.announce(.playback(id))
            case .pause(let id):
                players[id]?.pause()
            case .restart(let id):
                players[id]?.seek(toMs: 0)
                // The player sends the cues at the start again: those of the round before would show twice.
                tracks.subtitlesJumped(id)
                players[id]?.play()
                owner?.rowChanged(id)
                owner?.announce(.seeked(id, positionMs: 0))
            case .release(let id):
                closePlayer(id)
            case .leaveFullscreen(let id):
                setFullscreen(id, false)
            case .markFinished(let id):
                owner?.rowChanged(id)
                owner?.announce(.playback(id))
            case .markFailed(let id, _):
                owner?.rowChanged(id)
                owner?.announce(.playback(id))
            case .quit(let status):
                presenter?.quit(status: status.rawValue)
            }
        }
        owner?.followPolicy(current: policy.current, routed: policy.routed)
    }

    /// The view of `id` is now `width` by `height` device pixels; its player decodes pictures no bigger.
    func viewResized(_ id: ItemID, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        players[id]?.limitPictureSize(width: width, height: height)
    }

    /// The view of `id` drew its first frame since it was placed; logs where it arrived.
    func viewShowedFrame(_ id: ItemID, at placement: ViewPlacement) {
        guard players[id] != nil else { return }
        place(.frameShown(id, placement))
    }

    private func ensurePlayer(_ id: ItemID) -> MediaPlayer? {
        if let player = players[id] { return player }
        guard let item = owner?.item(id), let presenter else { return nil }
        let output = presenter.makeVideoView(for: id, title: item.name)
        journalOpening(item.path)
        let player = backend.makePlayer(path: item.path, output: output) { [weak self] message in
            self?.received(message, from: id)
        }
        guard let player else {
            journalClosed(item.path, played: false)
            presenter.dropVideoView(for: id)
            handle(.failed(id, error: .noPipeline))
            return nil
        }
        adopt(id, player, item: item)
        return player
    }

    /// Closes the player of `id`, remembering where it was.
    func closePlayer(_ id: ItemID) {
        guard let player = players.removeValue(forKey: id) else { return }
        if let position = player.positionMs {
            _ = policy.handle(.paused(id, positionMs: position))
            // A finished item was already remembered at its end; its position now would be its start.
            if policy.states[id] != .finished { remember(id, positionMs: position) }
        }
        player.close()
        started(id)
        if let path = owner?.item(id)?.path { journalClosed(path, played: true) }
        tracks.closeTracks(id)
        place(.released(id))
        presenter?.dropVideoView(for: id)
        owner?.rowChanged(id)
        owner?.announce(.playback(id))
    }

    /// Closes every player, for a clean exit.
    func closeAll() {
        for id in Array(players.keys) { closePlayer(id) }
    }

    /// A message of the live player of `id`.
    func received(_ message: PlayerMessage, from id: ItemID) {
        guard let item = owner?.item(id), players[id] != nil else { return }
        switch message {
        case .firstFrame, .playing, .endOfStream, .error: started(id)
        default: break
        }
        switch message {
        case .playing(let position):
            log.emit(.play, path: item.path, fields: [(.positionMs, .int(position))])
            tracks.showSubtitles(id)
            owner?.rowChanged(id)
            owner?.announce(.playback(id))
        case .paused(let position):
            _ = policy.handle(.paused(id, positionMs: position))
            remember(id, positionMs: position)
            log.emit(.pause, path: item.path, fields: [(.positionMs, .int(position))])
            tracks.showSubtitles(id)
            owner?.rowChanged(id)
            owner?.announce(.playback(id))
        case .firstFrame:
            let window: String
            switch views.placement(of: id) ?? .row {
            case .row, .fullscreen: window = "main"
            case .screen(let connector): window = connector
            }
            log.emit(.firstFrame, path: item.path, fields: [(.window, .string(window)), (.positionMs, .int(players[id]?.positionMs ?? 0))])
        case .prerolled:
            return
        case .duration:
            owner?.announce(.playback(id))
        case .tracks(let audio, let subtitles):
            tracks.embeddedTracks(id, audio: audio, subtitles: subtitles)
        case .cue(let cue):
            tracks.cueArrived(id, cue)
        case .endOfStream:
            ended(id, item)
        case .error(let error):
            log.emit(
                .error, path: item.path,
                fields: [(.message, log.sentence(.playback(error))), (.positionMs, .int(players[id]?.positionMs ?? 0))])
            log.terminal(.playback(error), about: item.path)
            handle(.failed(id, error: error, next: playableUnasked(after: id)))
        }
    }

    private func ended(_ id: ItemID, _ item: LibraryItem) {
        // A header with a duration and a codec and no pictures after it (a stub, a copy cut after its header) ends
        // at once; calling that a finish would tell a kiosk all went well. A video whose decoder is missing plays its
        // sound, and its row already names the package.
        if let frames = presenter?.frameCounts(for: id), frames.shown + frames.dropped == 0, case .ready(let info) = item.state,
            info.hasVideo, info.missingDecoders.isEmpty
        {
            return received(.error(.noPictures), from: id)
        }
        let position = players[id]?.positionMs ?? players[id]?.durationMs ?? 0
        var fields: [(EventField, JSONValue)] = [(.positionMs, .int(position))]
        if let frames = presenter?.frameCounts(for: id) {
            fields += [(.framesShown, .int(frames.shown)), (.framesDropped, .int(frames.dropped))]
        }
        log.emit(.finished, path: item.path, fields: fields)
        remember(id, positionMs: position)
        owner?.playbackEnded(id)
        handle(.finished(id, next: playableUnasked(after: id)))
    }

    /// The next playable row after `id`'s that a playlist may start by itself: files marked by a crash are passed over.
    private func playableUnasked(after id: ItemID) -> ItemID? {
        var current = id
        // A playlist that loops comes back round: a row offered twice means every other one was passed over.
        var offered: Set<ItemID> = []
        while let next = owner?.playable(after: current), offered.insert(next).inserted {
            // The video that just played is no file the crash journal warns about.
            if next == id { return next }
            // A video that failed would fail again: a looping playlist of broken files must not go round for ever.
            if case .failed = policy.states[next] {
                current = next
                continue
            }
            guard let path = owner?.item(next)?.path, !quarantine.mayOpenUnasked(path) else { return next }
            current = next
        }
        return nil
    }

    private func remember(_ id: ItemID, positionMs: Int) {
        guard let item = owner?.item(id), let rememberPosition = owner?.memory.onPositionToRemember else { return }
        var duration = players[id]?.durationMs
        if duration == nil, case .ready(let info) = item.state { duration = info.durationMs }
        if let duration { rememberPosition(item.path, positionMs, duration) }
    }

    /// Makes `player` the live player of `id`, with the tracks it listed, if known, and places its view.
    func adopt(_ id: ItemID, _ player: MediaPlayer, item: LibraryItem, listed: (audio: [MediaTrack], subtitles: [MediaTrack])? = nil) {
        players[id] = player
        tracks.openTracks(id, path: item.path, info: item.state.info)
        if let listed { tracks.embeddedTracks(id, audio: listed.audio, subtitles: listed.subtitles) }
        place(.created(id))
    }

    // MARK: The crash journal

    /// Starts from the marks the last run left (`journal`, as read at start).
    func useCrashJournal(_ journal: [String]) {
        quarantine = CrashQuarantine(journal: journal)
    }

    /// A player is about to be made for the file at `path`: the journal names it first.
    func journalOpening(_ path: String) {
        if let journal = quarantine.opening(path) { owner?.memory.onJournal?(journal) }
    }

    /// A player of the file at `path` closed (`played`: one made to play it, closed by the app).
    func journalClosed(_ path: String, played: Bool) {
        if let journal = quarantine.closed(path, played: played) { owner?.memory.onJournal?(journal) }
    }
}

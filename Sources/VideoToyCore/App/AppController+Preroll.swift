/// The pre-roll side of the controller: the selected row's pipeline is made paused ahead of Enter, and adopted when
/// that row plays, so its first frame shows at once.
extension AppController {
    /// The list's selection moved to `id` (nil: none); once it has stayed a moment, its pipeline is pre-rolled.
    public func selected(_ id: ItemID?) {
        prerollEvent(.selected(id, eligible: id.map(mayPreroll) ?? false))
    }

    /// Whether the video of `id` may be pre-rolled now: probed, with pictures, not live, and nothing playing, so a
    /// second pipeline never competes with the playing video for the cores.
    func mayPreroll(_ id: ItemID) -> Bool {
        guard presenter != nil, !quitting, policy.playing == nil, players[id] == nil, let item = library.item(id),
            case .ready(let info) = item.state, quarantine.mayOpenUnasked(item.path)
        else { return false }
        return info.hasVideo
    }

    /// Feeds the pre-roll machine and carries out what it says.
    func prerollEvent(_ event: Preroll.Event) {
        for effect in preroll.handle(event) {
            switch effect {
            case .startDwell(let id):
                dwellTimer?.cancel()
                dwellTimer = timers.after(milliseconds: Preroll.dwellMilliseconds) { [weak self] in
                    guard let self else { return }
                    dwellTimer = nil
                    // What held at the selection may have changed since: a video started, the file failed.
                    prerollEvent(mayPreroll(id) ? .dwelt(id) : .selected(id, eligible: false))
                }
            case .cancelDwell:
                dwellTimer?.cancel()
                dwellTimer = nil
            case .prepare(let id):
                prepare(id)
            case .discard(let id):
                discard(id)
            case .adopt(let id):
                adopt(id)
            }
        }
    }

    private func prepare(_ id: ItemID) {
        guard let item = library.item(id), let presenter else {
            prerollEvent(.failed(id))
            return
        }
        let held = PrerolledPlayer(id: id)
        let output = presenter.makeVideoView(for: id, title: item.name)
        journalOpening(item.path)
        let player = backend.makePlayer(path: item.path, output: output) { [weak self] message in
            self?.fromPipeline(message, of: held)
        }
        guard let player else {
            journalClosed(item.path, played: false)
            presenter.dropVideoView(for: id)
            prerollEvent(.failed(id))
            return
        }
        held.player = player
        prerolled = held
        held.startMs = startPosition(id, path: item.path)
        if let start = held.startMs { player.seek(toMs: start) }
    }

    /// Where playing `id` will start: where the policy kept it, else where it was left in an earlier run.
    private func startPosition(_ id: ItemID, path: String) -> Int? {
        if case .paused(let position)? = policy.states[id], position > 0 { return position }
        return memory.resumePosition?(path)
    }

    private func fromPipeline(_ message: PlayerMessage, of held: PrerolledPlayer) {
        switch held.stage {
        case .adopted:
            received(message, from: held.id)
        case .discarded:
            return
        case .held:
            heldReceived(message, held)
        }
    }

    /// A pre-roll is not live: its state changes are nobody's business, and it fails silently (playing the row opens
    /// the file afresh and shows the error as always).
    private func heldReceived(_ message: PlayerMessage, _ held: PrerolledPlayer) {
        switch message {
        case .prerolled(let position):
            guard !held.reported, let item = library.item(held.id) else { return }
            held.reported = true
            log.emit(.preroll, path: item.path, fields: [(.positionMs, .int(position))])
        case .tracks(let audio, let subtitles):
            held.tracks = (audio, subtitles)
        case .error:
            prerollEvent(.failed(held.id))
        case .playing, .paused, .firstFrame, .duration, .endOfStream, .cue:
            return
        }
    }

    /// Closes the pre-rolled player without remembering anything: it was never played.
    private func discard(_ id: ItemID) {
        guard let held = prerolled, held.id == id else { return }
        prerolled = nil
        held.stage = .discarded
        held.player?.close()
        if held.player != nil, let path = library.item(id)?.path { journalClosed(path, played: false) }
        if players[id] == nil { presenter?.dropVideoView(for: id) }
    }

    /// Makes the pre-rolled player the live one of `id`, as if it had just been made for playing it.
    private func adopt(_ id: ItemID) {
        guard let held = prerolled, held.id == id, let player = held.player, let item = library.item(id) else { return }
        prerolled = nil
        held.stage = .adopted
        players[id] = player
        trackDriver.openTracks(id, path: item.path, info: item.state.info)
        if let tracks = held.tracks { trackDriver.embeddedTracks(id, audio: tracks.audio, subtitles: tracks.subtitles) }
        place(.created(id))
    }
}

/// The crash journal's side of the controller.
extension AppController {
    /// Starts from the marks the last run left (`journal`, as read at start); `write` keeps the journal from now on.
    public func useCrashJournal(_ journal: [String], write: @escaping @MainActor ([String]) -> Void) {
        quarantine = CrashQuarantine(journal: journal)
        memory.onJournal = write
        // Marked rows say so; their lines were worded before the marks were known.
        for path in quarantine.marked { if let id = library.id(forPath: path) { presenter?.refreshRow(id) } }
    }

    /// A player is about to be made for the file at `path`: the journal names it first.
    func journalOpening(_ path: String) {
        if let journal = quarantine.opening(path) { memory.onJournal?(journal) }
    }

    /// A player of the file at `path` closed (`played`: one made to play it, closed by the app).
    func journalClosed(_ path: String, played: Bool) {
        if let journal = quarantine.closed(path, played: played) { memory.onJournal?(journal) }
    }
}

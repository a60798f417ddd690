/// The pre-roll side of the controller: the selected row's pipeline is made paused ahead of Enter, and adopted when
/// that row plays, so its first frame shows at once.
extension AppController {
    /// The list's selection moved to `id` (nil: none); once it has stayed a moment, its pipeline is pre-rolled.
    public func selected(_ id: ItemID?) {
        rowsDriver.select(id)
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

    /// Feeds the pre-roll machine; its driver carries out what it says.
    func prerollEvent(_ event: Preroll.Event) {
        prerollDriver.handle(event)
    }

    /// Whether the selected row has a paused player made ahead of Enter.
    public var preroll: Preroll { prerollDriver.preroll }
}

/// What the pre-roll needs from the controller, which owns the players.
extension AppController: PrerollDriver.Owner {
    func makePrerollPlayer(_ id: ItemID, onMessage: @escaping @MainActor (PlayerMessage) -> Void) -> MediaPlayer? {
        guard let item = library.item(id), let presenter else { return nil }
        let output = presenter.makeVideoView(for: id, title: item.name)
        journalOpening(item.path)
        guard let player = backend.makePlayer(path: item.path, output: output, onMessage: onMessage) else {
            journalClosed(item.path, played: false)
            presenter.dropVideoView(for: id)
            return nil
        }
        return player
    }

    /// Where playing `id` will start: where the policy kept it, else where it was left in an earlier run.
    func startPosition(_ id: ItemID) -> Int? {
        if case .paused(let position)? = policy.states[id], position > 0 { return position }
        return library.item(id).flatMap { memory.resumePosition?($0.path) }
    }

    func prerolled(_ id: ItemID, positionMs: Int) {
        guard let item = library.item(id) else { return }
        log.emit(.preroll, path: item.path, fields: [(.positionMs, .int(positionMs))])
    }

    func discardPreroll(_ id: ItemID, _ player: MediaPlayer) {
        player.close()
        if let path = library.item(id)?.path { journalClosed(path, played: false) }
        if players[id] == nil { presenter?.dropVideoView(for: id) }
    }

    func adoptPreroll(_ id: ItemID, _ player: MediaPlayer, tracks: (audio: [MediaTrack], subtitles: [MediaTrack])?) {
        guard let item = library.item(id) else { return }
        players[id] = player
        trackDriver.openTracks(id, path: item.path, info: item.state.info)
        if let tracks { trackDriver.embeddedTracks(id, audio: tracks.audio, subtitles: tracks.subtitles) }
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
        for path in quarantine.marked { if let id = library.id(forPath: path) { rowChanged(id) } }
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

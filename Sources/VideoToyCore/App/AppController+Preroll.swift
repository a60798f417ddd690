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
        playbackDriver.makePrerollPlayer(id, onMessage: onMessage)
    }

    func startPosition(_ id: ItemID) -> Int? { playbackDriver.startPosition(id) }

    func prerolled(_ id: ItemID, positionMs: Int) {
        guard let item = library.item(id) else { return }
        log.emit(.preroll, path: item.path, fields: [(.positionMs, .int(positionMs))])
    }

    func discardPreroll(_ id: ItemID, _ player: MediaPlayer) {
        playbackDriver.discardPreroll(id, player)
    }

    func adoptPreroll(_ id: ItemID, _ player: MediaPlayer, tracks: (audio: [MediaTrack], subtitles: [MediaTrack])?) {
        playbackDriver.adoptPreroll(id, player, tracks: tracks)
    }

    func received(_ message: PlayerMessage, from id: ItemID) {
        playbackDriver.received(message, from: id)
    }
}

/// The crash journal's side of the controller.
extension AppController {
    /// Starts from the marks the last run left (`journal`, as read at start); `write` keeps the journal from now on.
    public func useCrashJournal(_ journal: [String], write: @escaping @MainActor ([String]) -> Void) {
        playbackDriver.useCrashJournal(journal)
        memory.onJournal = write
        // Marked rows say so; their lines were worded before the marks were known.
        for path in quarantine.marked { if let id = library.id(forPath: path) { rowChanged(id) } }
    }
}

/// The pre-roll's players: made paused ahead of Enter, closed unplayed, or handed over to play; the crash journal
/// names each of them as the live ones.
extension PlaybackDriver {
    /// Makes a paused player for `id` whose messages go to `onMessage`, with its view; nil when none can be made.
    func makePrerollPlayer(_ id: ItemID, onMessage: @escaping @MainActor (PlayerMessage) -> Void) -> MediaPlayer? {
        guard let item = owner?.item(id), let presenter else { return nil }
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
        return owner?.item(id).flatMap { owner?.memory.resumePosition?($0.path) }
    }

    /// Closes a pre-rolled player that was never played.
    func discardPreroll(_ id: ItemID, _ player: MediaPlayer) {
        player.close()
        if let path = owner?.item(id)?.path { journalClosed(path, played: false) }
        if players[id] == nil { presenter?.dropVideoView(for: id) }
    }

    /// Makes a pre-rolled `player` the live player of `id`, with the tracks it listed while held.
    func adoptPreroll(_ id: ItemID, _ player: MediaPlayer, tracks listed: (audio: [MediaTrack], subtitles: [MediaTrack])?) {
        guard let item = owner?.item(id) else { return }
        adopt(id, player, item: item, listed: listed)
    }
}

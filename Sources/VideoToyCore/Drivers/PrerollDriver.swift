/// Carries out the pre-roll machine's effects: the selected row's pipeline is made paused ahead of Enter once the
/// selection has dwelt, and handed over when that row plays, so its first frame shows at once. Making, closing and
/// adopting a player are `PrerollDriver.Owner`'s, which owns the players.
@MainActor
final class PrerollDriver {
    /// What the pre-roll needs from the rest of the app.
    @MainActor
    protocol Owner: AnyObject {
        /// Whether the video of `id` may be pre-rolled now.
        func mayPreroll(_ id: ItemID) -> Bool
        /// Makes a paused player for `id` whose messages go to `onMessage`, with its view; nil when none can be made.
        func makePrerollPlayer(_ id: ItemID, onMessage: @escaping @MainActor (PlayerMessage) -> Void) -> MediaPlayer?
        /// Where playing `id` will start, if not at the beginning.
        func startPosition(_ id: ItemID) -> Int?
        /// The pre-rolled player of `id` showed its first picture at `positionMs`.
        func prerolled(_ id: ItemID, positionMs: Int)
        /// Closes a pre-rolled player that was never played.
        func discardPreroll(_ id: ItemID, _ player: MediaPlayer)
        /// Makes `player` the live player of `id`, with the tracks it listed while held.
        func adoptPreroll(_ id: ItemID, _ player: MediaPlayer, tracks: (audio: [MediaTrack], subtitles: [MediaTrack])?)
        /// A message of an adopted player, which goes where every live player's go.
        func received(_ message: PlayerMessage, from id: ItemID)
    }

    /// Whether the selected row has a paused player made ahead of Enter.
    private(set) var preroll = Preroll()
    private var held: PrerolledPlayer?
    // The player the last event adopted and where it was seeked, for the play that adopted it.
    private var adopted: (id: ItemID, startMs: Int?)?
    private var dwellTimer: ScheduledTimer?
    private weak var owner: Owner?
    private let timers: TimerScheduling

    /// Creates a driver timing the dwell on `timers`.
    init(timers: TimerScheduling) { self.timers = timers }

    /// Connects what the pre-roll acts on.
    func attach(owner: Owner) { self.owner = owner }

    /// Where the player the last event adopted for `id` was seeked to before it prerolled (a seek there again would
    /// decode it twice); nil when that event adopted none.
    func adoptedStart(of id: ItemID) -> Int? {
        guard let adopted, adopted.id == id else { return nil }
        return adopted.startMs
    }

    /// Feeds the pre-roll machine and carries out what it says.
    func handle(_ event: Preroll.Event) {
        adopted = nil
        for effect in preroll.handle(event) {
            switch effect {
            case .startDwell(let id):
                dwellTimer?.cancel()
                dwellTimer = timers.after(milliseconds: Preroll.dwellMilliseconds) { [weak self] in
                    guard let self else { return }
                    dwellTimer = nil
                    // What held at the selection may have changed since: a video started, the file failed.
                    handle(owner?.mayPreroll(id) == true ? .dwelt(id) : .selected(id, eligible: false))
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
        let made = PrerolledPlayer(id: id)
        let player = owner?.makePrerollPlayer(id) { [weak self] message in self?.fromPipeline(message, of: made) }
        guard let player else {
            handle(.failed(id))
            return
        }
        made.player = player
        held = made
        made.startMs = owner?.startPosition(id)
        if let start = made.startMs { player.seek(toMs: start) }
    }

    private func fromPipeline(_ message: PlayerMessage, of made: PrerolledPlayer) {
        switch made.stage {
        case .adopted:
            owner?.received(message, from: made.id)
        case .discarded:
            return
        case .held:
            heldReceived(message, made)
        }
    }

    /// A pre-roll is not live: its state changes are nobody's business, and it fails silently (playing the row opens
    /// the file afresh and shows the error as always).
    private func heldReceived(_ message: PlayerMessage, _ made: PrerolledPlayer) {
        switch message {
        case .prerolled(let position):
            guard !made.reported else { return }
            made.reported = true
            owner?.prerolled(made.id, positionMs: position)
        case .tracks(let audio, let subtitles):
            made.tracks = (audio, subtitles)
        case .error:
            handle(.failed(made.id))
        case .playing, .paused, .firstFrame, .duration, .endOfStream, .cue:
            return
        }
    }

    private func discard(_ id: ItemID) {
        guard let made = held, made.id == id else { return }
        held = nil
        made.stage = .discarded
        if let player = made.player { owner?.discardPreroll(id, player) }
    }

    private func adopt(_ id: ItemID) {
        guard let made = held, made.id == id, let player = made.player else { return }
        held = nil
        made.stage = .adopted
        adopted = (id, made.startMs)
        owner?.adoptPreroll(id, player, tracks: made.tracks)
    }
}

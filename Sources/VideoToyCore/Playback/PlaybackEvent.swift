/// Something that happened to playback: a user action or a player report.
public enum PlaybackEvent: Hashable, Sendable {
    /// The user chose to play this item (click, Enter, Space, `--play`, a play button).
    case activate(ItemID)
    /// The user paused this item.
    case pause(ItemID)
    /// The player paused at this position (after a `pause` effect or a user pause).
    case paused(ItemID, positionMs: Int)
    /// The player reached the end; `next` is the playable item after it in the list, if any.
    case finished(ItemID, next: ItemID?)
    /// The player failed, and why; `next` is the playable item after it in the list, if any.
    case failed(ItemID, error: PlaybackError, next: ItemID? = nil)
    /// The item left the library (its folder was removed): it stops, and is forgotten.
    case removed(ItemID)
    /// The user chose what happens at the end from now on (Preferences).
    case setOnEnd(OnEnd)
    /// The user turned Shuffle on or off; `rows` are the rows shown now, which a new shuffled order is made of.
    case setShuffle(Bool, rows: [ItemID])
    /// The rows shown changed (only sent while Shuffle is on): the shuffled order is made of them from now on.
    case rowsShown([ItemID])
}

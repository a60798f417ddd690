/// What the player adapter must do in response to a playback event.
public enum PlaybackEffect: Hashable, Sendable {
    /// Play the item, creating its player if needed and starting at `fromMs` when given.
    case play(ItemID, fromMs: Int?)
    /// Pause the item where it is.
    case pause(ItemID)
    /// Seek the item to its start and play it.
    case restart(ItemID)
    /// Drop the item's player to free its decoder; its position is kept by the policy.
    case release(ItemID)
    /// Leave any fullscreen presentation of the item.
    case leaveFullscreen(ItemID)
    /// Show in the row that the item finished.
    case markFinished(ItemID)
    /// Show the failure in the row.
    case markFailed(ItemID, error: PlaybackError)
    /// Quit the application (`--exit-on-end` after the last video) with this status.
    case quit(ExitStatus)
}

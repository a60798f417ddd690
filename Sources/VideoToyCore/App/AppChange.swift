/// Something that changed in the app, announced to subscribers so they need not poll or guess.
public enum AppChange: Equatable, Sendable {
    /// The item's playback changed: it plays, paused, finished, failed or lost its player, or became the current one;
    /// also when its duration became known.
    case playback(ItemID)
    /// The item was moved to `positionMs` by a seek: the user's, or a loop starting over.
    case seeked(ItemID, positionMs: Int)
    /// The item's volume or mute changed.
    case volume(ItemID)
    /// Items were added to the library or a folder refresh changed its rows.
    case library
    /// The library's folders or the recent folders changed.
    case folders
    /// The user chose another order for the rows.
    case sort
}

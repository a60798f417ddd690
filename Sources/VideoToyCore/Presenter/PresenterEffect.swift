/// What the presenter machine asks its driver to do.
public enum PresenterEffect: Hashable, Sendable {
    /// Send `fadeElapsed(serial)` after this many milliseconds.
    case scheduleFadeEnd(serial: Int, afterMs: Int)
    /// Mute the sound for a cover, or give back what it was.
    case muteForCover(Bool)
    /// Play this video now.
    case play(ItemID)
    /// Tell the events log and MPRIS.
    case announce(PresenterChange)
}

/// A change the events log reports as a `presenter` event.
public enum PresenterChange: Hashable, Sendable {
    /// The screen's cover is now this.
    case cover(Cover)
    /// The screen's picture is held, or follows the video again.
    case freeze(Bool)
}

/// Something the presenter machine hears: a key, the video on the presentation screen, its progress, a timer.
public enum PresenterEvent: Hashable, Sendable {
    /// Black (B or .) or white (W) the screen, or show the picture again when it already has that cover; `.none`
    /// shows the picture.
    case toggleCover(Cover)
    /// Hold the screen's picture, or let it follow the video again.
    case toggleFreeze
    /// The video shown on the presentation screen (an external screen, or fullscreen when there is none) is now
    /// this one, or none.
    case stageShows(ItemID?)
    /// Where the video is, for the fade at its end.
    case progress(ItemID, positionMs: Int, durationMs: Int)
    /// The video reached its end.
    case finished(ItemID)
    /// The fade with this serial has had its time.
    case fadeElapsed(serial: Int)
    /// The preferences changed.
    case settings(PresenterSettings)
    /// Go on to this video (the clicker's next or previous): the one on screen fades out first.
    case advance(to: ItemID)
    /// No screen is left to present on (the projector unplugged, fullscreen left with no other screen): covers and
    /// freezes end, so the next screen starts with the picture.
    case screenGone
}

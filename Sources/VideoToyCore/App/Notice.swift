/// A short notice the window shows for a few seconds, as a value: the adapters word it (VideoToyText).
public enum Notice: Hashable, Sendable {
    /// A video went to the screen called `screen`: its maker and model, or its connector when it has neither.
    case playingOn(screen: String)
    /// The video came back from a network screen by itself, and why.
    case castEnded(screen: String, CastEndReason)
    /// The user picked the soundtrack `track` (V).
    case audioChosen(TrackLabel)
    /// The user picked the subtitles `track` (B), or none (nil).
    case subtitlesChosen(TrackLabel?)
    /// `count` files of the library could not be read since the last such notice.
    case unreadableFiles(count: Int)
    /// The folders or files opened, as the user reads their paths, hold no video.
    case noVideos(in: [String])
    /// The folder called `name` left the library (the window offers Undo).
    case removedFolder(name: String)
    /// The show's video called `name` is not in the library (its file moved, or its folder is not open).
    case showEntryMissing(name: String)
    /// The show file called `name` could not be opened, and why.
    case showNotOpened(name: String, XSPFProblem?)
    /// The show could not be saved to the file called `name`.
    case showNotSaved(name: String)
    /// The show file called `name` was opened; `skipped` of its entries could not be used (not files, bad paths).
    case showOpened(name: String, count: Int, skipped: Int)
    /// A phone paired with the remote control and opened its page.
    case phoneConnected
}

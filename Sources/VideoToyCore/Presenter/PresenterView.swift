/// The presenter's part of the snapshot: how the presentation screen looks, the show, and what the panel says.
public struct PresenterView: Hashable, Sendable {
    /// How the presentation screen looks; every scene window and the fullscreen window render it.
    public var look = StageLook()
    /// What the panel says of the screen.
    public var state = PresenterState.live
    /// The cover the presenter chose, whatever else holds the screen (a black screen may also be frozen).
    public var cover = Cover.none
    /// The preferences in force.
    public var settings = PresenterSettings()
    /// The show, with its entries, its position and whether it runs.
    public var show = Show()
    /// The library's item of each show entry, in the show's order; nil where the file is not in the library.
    public var showItems: [ItemID?] = []
    /// The video on the presentation screen, if one is.
    public var stage: ItemID?
    /// Whether the clicker's keys step through videos: a show runs, or a video is on an external screen.
    public var presenting = false
    /// Whether the main window is on the external monitor and the video on the main window's screen.
    public var swapped = false

    /// No show, nothing on a presentation screen.
    public init() {}

    /// The entry the clicker's next starts, with its item, for "Up next".
    public var upNext: (entry: ShowEntry, id: ItemID?)? {
        guard show.running, let index = show.upNext else { return nil }
        return (show.entries[index], showItems.indices.contains(index) ? showItems[index] : nil)
    }
}

/// What the controller asks of the window; the GTK adapter implements it.
@MainActor
public protocol LibraryPresenter: AnyObject {
    /// Shows a library of `count` rows, replacing the previous list.
    func showLibrary(count: Int)
    /// Inserts rows at `positions` (display positions after the insertion, ascending) into a list now `count` long,
    /// keeping the other rows, the selection and the scroll position.
    func insertRows(at positions: [Int], count: Int)
    /// Shows how far reading the library's metadata has got.
    func showProbeProgress(done: Int, total: Int)
    /// Creates the video view of `id`, titled `title`, and returns where its pictures go.
    func makeVideoView(for id: ItemID, title: String) -> VideoOutput
    /// Destroys the video view of `id`; the row shows its poster again.
    func dropVideoView(for id: ItemID)
    /// Moves the video view of `id` to its place: its row, fullscreen, or a screen's scene.
    func placeVideoView(for id: ItemID, at placement: ViewPlacement)
    /// Updates the time and seek bar of a live view.
    func showProgress(for id: ItemID, _ progress: PlaybackProgress)
    /// Makes every video view fill its area the way `mode` says.
    func applyScaling(_ mode: ScalingMode)
    /// The rows changed as a whole (a search, a sort, a re-sort): `count` of the library's `total` are shown, and
    /// `searching` says whether a search hides the others.
    func showRows(count: Int, total: Int, searching: Bool)
    /// Shows a short notice where the user looks, for a few seconds ("Playing on LG TV").
    func showNotice(_ notice: Notice)
    /// Quits the application with `status`.
    func quit(status: Int32)
    /// The pictures the video view of `id` drew and dropped since it was made, if it has a view.
    func frameCounts(for id: ItemID) -> FrameCounts?
    /// Shows `subtitle` over the video of `id` wherever its view is, or clears it (nil).
    func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?)
    /// Fills the "Audio and subtitles" menu of the video of `id`.
    func showTracks(for id: ItemID, _ menu: TrackMenu)
}

extension LibraryPresenter {
    /// A window without incremental updates shows the whole list again.
    public func insertRows(at positions: [Int], count: Int) { showLibrary(count: count) }

    /// A window without a search bar or a selection to keep just shows the rows.
    public func showRows(count: Int, total: Int, searching: Bool) { showLibrary(count: count) }

    /// A window without notices says nothing.
    public func showNotice(_ notice: Notice) {}

    /// A window without video views shows no subtitles.
    public func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?) {}

    /// A window without video views has no track menus.
    public func showTracks(for id: ItemID, _ menu: TrackMenu) {}

    /// A window that does not count pictures has nothing to say.
    public func frameCounts(for id: ItemID) -> FrameCounts? { nil }
}

/// Where a video view is shown.
public enum ViewPlacement: Hashable, Sendable {
    /// Inside its row.
    case row
    /// Fullscreen on the main window's monitor.
    case fullscreen
    /// In the external scene on a screen, identified by connector.
    case screen(connector: String)
}

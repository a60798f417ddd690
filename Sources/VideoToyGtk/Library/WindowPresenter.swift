import CGtk
import VideoToyCore
import VideoToyGObject

/// What the controller asks of the main window, handed to the part that does it: the rows, the video views or the
/// notices.
@MainActor
final class WindowPresenter: LibraryPresenter {
    /// The list of rows.
    let rows: RowList
    /// The live video views.
    let videos: VideoViews
    private let pages: LibraryPages
    private let onQuit: @MainActor (Int32) -> Void

    /// Forwards to `rows`, `videos` and `pages`; `onQuit` ends the application with a status.
    init(rows: RowList, videos: VideoViews, pages: LibraryPages, onQuit: @escaping @MainActor (Int32) -> Void) {
        self.rows = rows
        self.videos = videos
        self.pages = pages
        self.onQuit = onQuit
    }

    func showLibrary(count: Int) { rows.showLibrary(count: count) }

    func insertRows(at positions: [Int], count: Int) { rows.insertRows(at: positions, count: count) }

    func showProbeProgress(done: Int, total: Int) { rows.showProbeProgress(done: done, total: total) }

    func showRows(count: Int, total: Int, searching: Bool) { rows.showRows(count: count, total: total, searching: searching) }

    func makeVideoView(for id: ItemID, title: String) -> VideoOutput { videos.make(for: id, title: title) }

    func dropVideoView(for id: ItemID) { videos.drop(id, row: rows.row(showing: id)) }

    func placeVideoView(for id: ItemID, at placement: ViewPlacement) { videos.place(id, at: placement, row: rows.row(showing: id)) }

    func showProgress(for id: ItemID, _ progress: PlaybackProgress) { videos.showProgress(for: id, progress) }

    func applyScaling(_ mode: ScalingMode) { videos.applyScaling(mode) }

    func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?) { videos.showSubtitle(for: id, subtitle) }

    func showTracks(for id: ItemID, _ menu: TrackMenu) { videos.showTracks(for: id, menu) }

    func frameCounts(for id: ItemID) -> FrameCounts? { videos.frameCounts(for: id) }

    func showNotice(_ notice: Notice) { pages.showNotice(notice.text()) }

    func quit(status: Int32) { onQuit(status) }
}

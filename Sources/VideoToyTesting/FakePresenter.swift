import Synchronization
import VideoToyCore

/// A library window that records what the controller asks of it instead of drawing anything.
@MainActor
public final class FakePresenter: LibraryPresenter {
    /// One call the controller made on the window, in order.
    public enum Call: Hashable, Sendable {
        /// `showLibrary(count:)`.
        case showLibrary(count: Int)
        /// `insertRows(at:count:)`.
        case insertRows([Int], count: Int)
        /// A row's model changed in the published `RowWindow`.
        case refreshRow(ItemID)
        /// `makeVideoView(for:)`.
        case makeVideoView(ItemID)
        /// `dropVideoView(for:)`.
        case dropVideoView(ItemID)
        /// `placeVideoView(for:at:)`.
        case placeVideoView(ItemID, ViewPlacement)
        /// `showProgress(for:_:)`.
        case showProgress(ItemID, PlaybackProgress)
        /// The published `RowWindow` asked for its selected row to be brought into view.
        case reveal(ItemID)
        /// `quit(status:)`.
        case quit(status: Int32)
    }

    /// A video view's picture sink that counts the frames it is given.
    public final class Output: VideoOutput {
        /// The item whose view this is.
        public let id: ItemID
        private let presented = Mutex(0)

        /// Creates the sink of `id`'s view.
        public init(id: ItemID) { self.id = id }

        /// Counts `frame`; may be called from any thread.
        public func present(_ frame: VideoFrame) { presented.withLock { $0 += 1 } }

        /// How many frames were presented.
        public var frameCount: Int { presented.withLock { $0 } }
    }

    /// Every call so far, oldest first.
    public private(set) var calls: [Call] = []
    /// The live video views, by item.
    public private(set) var views: [ItemID: Output] = [:]
    /// Where each live view was last placed.
    public private(set) var placements: [ItemID: ViewPlacement] = [:]
    /// The status passed to `quit(status:)`, once it was called.
    public private(set) var quitStatus: Int32?
    /// Called after each row whose model changed, with its id.
    public var onRefresh: (@MainActor (ItemID) -> Void)?

    /// Creates a window with no rows.
    public init() {}

    /// The counts passed to `showLibrary(count:)`, in order.
    public var libraryCounts: [Int] {
        calls.compactMap { if case .showLibrary(let count) = $0 { count } else { nil } }
    }

    /// The rows whose models changed in the published window, in order, repeats included.
    public var refreshedRows: [ItemID] {
        calls.compactMap { if case .refreshRow(let id) = $0 { id } else { nil } }
    }

    /// The placements given to `id`'s view, in order.
    public func placementHistory(of id: ItemID) -> [ViewPlacement] {
        calls.compactMap { if case .placeVideoView(id, let placement) = $0 { placement } else { nil } }
    }

    /// How many times `call` was made.
    public func count(of call: Call) -> Int { calls.filter { $0 == call }.count }

    /// Records the new row count.
    public func showLibrary(count: Int) { calls.append(.showLibrary(count: count)) }

    /// Records the inserted positions and the new row count.
    public func insertRows(at positions: [Int], count: Int) { calls.append(.insertRows(positions, count: count)) }

    /// The positions passed to `insertRows(at:count:)`, one list per call, in order.
    public var insertions: [[Int]] {
        calls.compactMap { if case .insertRows(let positions, _) = $0 { positions } else { nil } }
    }

    /// The rows as last rendered.
    public private(set) var rows = RowWindow()

    /// Renders the rows of a published snapshot as the list does: each row that was near the view and shows something
    /// else now is recorded as refreshed (then `onRefresh` is called), and a new reveal as `.reveal`.
    public func render(_ window: RowWindow) {
        let before = rows
        rows = window
        var shownBefore: [ItemID: RowModel] = [:]
        for model in before.models { shownBefore[model.id] = model }
        for model in window.models {
            guard let old = shownBefore[model.id], old != model else { continue }
            calls.append(.refreshRow(model.id))
            onRefresh?(model.id)
        }
        if window.revealCount != before.revealCount, let selected = window.selected { calls.append(.reveal(selected)) }
    }

    /// Renders every snapshot `controller` publishes from now on, as the window does.
    public func watch(_ controller: AppController) {
        controller.observe { [weak self] snapshot in self?.render(snapshot.rows) }
    }

    /// Records the view and returns its counting sink.
    public func makeVideoView(for id: ItemID, title: String) -> VideoOutput {
        calls.append(.makeVideoView(id))
        let output = Output(id: id)
        views[id] = output
        return output
    }

    /// Records that the view is gone.
    public func dropVideoView(for id: ItemID) {
        calls.append(.dropVideoView(id))
        views[id] = nil
        placements[id] = nil
    }

    /// Records where the view goes.
    public func placeVideoView(for id: ItemID, at placement: ViewPlacement) {
        calls.append(.placeVideoView(id, placement))
        placements[id] = placement
    }

    /// Records the progress shown.
    public func showProgress(for id: ItemID, _ progress: PlaybackProgress) {
        calls.append(.showProgress(id, progress))
    }

    /// The notices shown, in order.
    public private(set) var notices: [Notice] = []

    /// Records the notice.
    public func showNotice(_ notice: Notice) { notices.append(notice) }

    /// The last probe progress shown: items read and the total.
    public private(set) var probeProgress: (done: Int, total: Int)?

    /// Records probe progress.
    public func showProbeProgress(done: Int, total: Int) { probeProgress = (done, total) }

    /// Records the scaling mode applied to every view.
    public private(set) var scaling: [ScalingMode] = []

    /// Records a scaling change.
    public func applyScaling(_ mode: ScalingMode) { scaling.append(mode) }

    /// Records the exit status.
    public func quit(status: Int32) {
        calls.append(.quit(status: status))
        quitStatus = status
    }

    /// What each view reports it drew and dropped; set by tests.
    public var frames: [ItemID: FrameCounts] = [:]

    /// The counts a test set for `id`.
    public func frameCounts(for id: ItemID) -> FrameCounts? { frames[id] }

    /// What each view's subtitles showed, oldest first (nil: cleared).
    public private(set) var subtitles: [ItemID: [ShownSubtitle?]] = [:]

    /// Records the subtitle shown.
    public func showSubtitle(for id: ItemID, _ subtitle: ShownSubtitle?) { subtitles[id, default: []].append(subtitle) }

    /// The text shown over the view of `id` now, if any.
    public func subtitleText(_ id: ItemID) -> String? { subtitles[id]?.last??.text }

    /// The last track menu each view was given.
    public private(set) var trackMenus: [ItemID: TrackMenu] = [:]

    /// Records the menu.
    public func showTracks(for id: ItemID, _ menu: TrackMenu) { trackMenus[id] = menu }
}

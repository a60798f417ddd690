/// Everything a row shows, computed in the core so the adapter only draws it.
public struct RowModel: Sendable {
    /// The item shown.
    public let id: ItemID
    /// The file name.
    public let title: String
    /// The containing folder.
    public let folder: String
    /// Duration, resolution, codec and any damage once known, or the reason it cannot play.
    public let detail: RowDetail
    /// The playback line: playing, finished, on a screen, an error, or idle (empty).
    public let status: RowStatus
    /// True when `detail` or the playback line is an error the user must see.
    public let isError: Bool
    /// True when `detail` notes damage the user should see although the file plays (it may end early).
    public let isWarning: Bool
    /// The poster frame, when made.
    public let poster: VideoFrame?
    /// True when the item has a live video view.
    public let hasVideoView: Bool
    /// Where the live video view is shown, when it has one: in the row, fullscreen or on a screen.
    public var placement: ViewPlacement? = nil
}

extension RowModel: Equatable {
    /// Rows are equal when they show the same: the poster counts by the picture it holds, not by its bytes.
    public static func == (lhs: RowModel, rhs: RowModel) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.folder == rhs.folder && lhs.detail == rhs.detail
            && lhs.status == rhs.status && lhs.isError == rhs.isError && lhs.isWarning == rhs.isWarning
            && lhs.hasVideoView == rhs.hasVideoView && lhs.placement == rhs.placement
            && lhs.poster?.owner === rhs.poster?.owner && lhs.poster?.bytes == rhs.poster?.bytes
    }
}

import VideoToyCore

/// One `zwlr_output_mode_v1` and what its events said; owned by its head, used on the session's queue.
final class ModeRecord {
    let proxy: OpaquePointer
    unowned let head: HeadRecord
    var width = 0, height = 0, refreshMilliHz = 0
    var isPreferred = false

    init(proxy: OpaquePointer, head: HeadRecord) {
        self.proxy = proxy
        self.head = head
    }

    var mode: ScreenMode { ScreenMode(width: width, height: height, refreshMilliHz: refreshMilliHz) }
}

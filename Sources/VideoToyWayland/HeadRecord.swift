import VideoToyCore

/// One `zwlr_output_head_v1` and what its events said so far; owned by a `WlrOutputSession`, used on its queue.
final class HeadRecord {
    let proxy: OpaquePointer
    var name = ""
    var description = ""
    /// In the order the compositor introduced them.
    var modes: [ModeRecord] = []
    var current: ModeRecord?
    var isEnabled = false
    var x = 0, y = 0
    var transform = 0
    var scale = 1.0

    init(proxy: OpaquePointer) { self.proxy = proxy }

    /// The head as the core sees it.
    var head: OutputHead {
        OutputHead(
            name: name, description: description, modes: modes.map { HeadMode($0.mode, preferred: $0.isPreferred) },
            currentModeIndex: current.flatMap { current in modes.firstIndex { $0 === current } }, isEnabled: isEnabled, x: x, y: y,
            transform: transform, scale: scale)
    }
}

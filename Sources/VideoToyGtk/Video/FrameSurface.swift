import CGtk
import Dispatch
import Foundation
import VideoToyCore

/// A `VideoOutput` that shows the newest frame in a GtkPicture, dropping frames the main loop cannot keep up with.
///
/// Frames arrive on a streaming thread; at most one main-thread hop is queued at a time, so a
/// busy main loop never builds a backlog of stale pictures.
final class FrameSurface: VideoOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: VideoFrame?
    private var hopQueued = false
    private let paintable: FramePaintable
    private var detached = false
    // Touched on the main thread only: set there, read in the main-thread hop.
    private var onNextFrame: (@MainActor () -> Void)?
    private var counts = FrameCounts()

    /// Creates a surface drawing into `picture`, which keeps the surface's paintable for as long as it shows it.
    @MainActor
    init(picture: OpaquePointer) {
        paintable = FramePaintable()
        gtk_picture_set_paintable(picture, paintable.paintable)
    }

    func present(_ frame: VideoFrame) {
        let needsHop: Bool = lock.withLock {
            // A picture still waiting for the main loop is replaced: the window fell behind the stream.
            if pending != nil { counts.dropped += 1 }
            pending = frame
            defer { hopQueued = true }
            return !hopQueued
        }
        guard needsHop else { return }
        DispatchQueue.main.async { [self] in
            let next: VideoFrame? = lock.withLock {
                hopQueued = false
                defer { pending = nil }
                if !detached && pending != nil { counts.shown += 1 }
                return detached ? nil : pending
            }
            guard let next else { return }
            paintable.show(next)
            if let callback = onNextFrame {
                onNextFrame = nil
                callback()
            }
        }
    }

    /// Shows the frames in `picture` as well, through the same paintable, until `picture` is given another; the
    /// presenter panel keeps the live picture this way while the screen is covered or frozen.
    @MainActor
    func mirror(into picture: OpaquePointer) {
        gtk_picture_set_paintable(picture, paintable.paintable)
    }

    /// Calls `callback` once, on the main thread, after the next frame is drawn (the first in a new window).
    @MainActor
    func notifyNextFrame(_ callback: @escaping @MainActor () -> Void) {
        onNextFrame = callback
    }

    /// The pictures drawn and dropped so far.
    var frameCounts: FrameCounts { lock.withLock { counts } }

    /// Stops drawing; later frames are dropped.
    func detach() {
        lock.withLock {
            detached = true; pending = nil
        }
    }
}

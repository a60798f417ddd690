import CGtk
import Dispatch
import Foundation
import VideoToyCore
import VideoToyGObject

/// A `VideoOutput` that shows the newest frame in a GtkPicture, dropping frames the main loop cannot keep up with.
///
/// Frames arrive on a streaming thread; at most one main-thread hop is queued at a time, so a
/// busy main loop never builds a backlog of stale pictures.
final class FrameSurface: VideoOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: VideoFrame?
    // Whether the pending frame is on the screen already, put there past GTK.
    private var pendingShown = false
    private var hopQueued = false
    // Set on the main thread, used on the streaming thread: where frames go past GTK while nothing covers them.
    private var direct: DirectPicture?
    private let paintable: FramePaintable
    private var detached = false
    // Touched on the main thread only: set there, read in the main-thread hop.
    private var onNextFrame: (@MainActor () -> Void)?
    private var counts = FrameCounts()
    // The presenter panel's picture and the paintable of its own it shows, while it shows it (main thread): its own,
    // so that a frame put past GTK redraws the panel and not the fullscreen picture under the direct window.
    private var mirrorPicture: GObjectRef?
    private var mirrorPaintable: FramePaintable?

    /// Creates a surface drawing into `picture`, which keeps the surface's paintable for as long as it shows it.
    @MainActor
    init(picture: OpaquePointer) {
        paintable = FramePaintable()
        gtk_picture_set_paintable(picture, paintable.paintable)
    }

    func present(_ frame: VideoFrame) {
        let shown = lock.withLock { detached ? nil : direct }?.put(frame) ?? false
        let needsHop: Bool = lock.withLock {
            // A picture still waiting for the main loop is replaced: the window fell behind the stream (unless it
            // is on the screen already).
            if pending != nil && !pendingShown { counts.dropped += 1 }
            pending = frame
            pendingShown = shown
            defer { hopQueued = true }
            return !hopQueued
        }
        guard needsHop else { return }
        DispatchQueue.main.async { [self] in
            let (next, shown): (VideoFrame?, Bool) = lock.withLock {
                hopQueued = false
                defer { pending = nil }
                if !detached && pending != nil { counts.shown += 1 }
                return (detached ? nil : pending, pendingShown)
            }
            guard let next else { return }
            // Put on the screen already: GTK only keeps it for when it draws the picture again, unless the presenter
            // panel shows it too.
            paintable.show(next, redraw: !shown)
            if let mirror = mirrorShown { mirror.show(next) }
            if let callback = onNextFrame {
                onNextFrame = nil
                callback()
            }
        }
    }

    /// Shows the frames in `picture` as well, until `picture` is given another paintable; the
    /// presenter panel keeps the live picture this way while the screen is covered or frozen.
    @MainActor
    func mirror(into picture: OpaquePointer) {
        let mirror = mirrorPaintable ?? FramePaintable()
        mirrorPaintable = mirror
        gtk_picture_set_paintable(picture, mirror.paintable)
        mirrorPicture = GObjectRef(retaining: UnsafeMutableRawPointer(picture))
        // The picture shown now, without waiting for the next frame (a paused video has none coming).
        if let frame = paintable.frame { mirror.show(frame) }
    }

    /// The presenter panel's paintable while the panel shows it on the screen; nil otherwise, and it lets go of it
    /// once the panel's picture shows something else.
    @MainActor
    private var mirrorShown: FramePaintable? {
        guard let mirror = mirrorPicture, let mirrorPaintable else { return nil }
        let picture = OpaquePointer(mirror.pointer)
        guard gtk_picture_get_paintable(picture) == mirrorPaintable.paintable else {
            mirrorPicture = nil
            self.mirrorPaintable = nil
            return nil
        }
        return gtk_widget_get_mapped(UnsafeMutablePointer(picture)) != 0 ? mirrorPaintable : nil
    }

    /// Sends frames to `direct` first from now on, which puts them on the screen past GTK while nothing covers the
    /// picture; nil sends them all to GTK.
    @MainActor
    func route(direct: DirectPicture?) {
        lock.withLock { self.direct = direct }
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
            detached = true; pending = nil; direct = nil
        }
    }
}

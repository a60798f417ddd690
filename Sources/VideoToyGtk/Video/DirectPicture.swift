import CXext
import Foundation
import VideoToyCore

/// A child X11 window over a fullscreen video's picture that takes its frames through X shared memory, past GTK.
///
/// GTK 4.8 on X11 draws with cairo into a new, cleared image for every frame and copies it into the window through
/// freshly faulted shared memory: at 1080p that cost the main thread more than decoding the video. While nothing of
/// GTK's is drawn over the picture (controls faded, no subtitle, no veil or held picture), this window shows the
/// frames instead: the streaming thread copies each into a segment kept for its size and asks the server to put it,
/// and the main loop does nothing. It lets pointer input through to GTK's window, and it is unmapped the moment
/// something must be drawn over the picture, so GTK draws the picture again.
final class DirectPicture: @unchecked Sendable {
    /// Where the view wants its picture: its area in the window, in device pixels, and how the picture fills it.
    struct Request: Equatable, Sendable {
        /// The area's left edge in the window.
        var x: Int
        /// The area's top edge in the window.
        var y: Int
        /// The area's width.
        var width: Int
        /// The area's height.
        var height: Int
        /// How the picture fills the area.
        var mode: ScalingMode
    }

    /// Whether fullscreen videos go past GTK in this run: GTK draws with cairo, and `VIDEOTOY_DIRECT_VIDEO` is not
    /// `0` (the way to compare with GTK's own drawing); set once at start. Only X11 windows have a direct picture.
    @MainActor static var enabled = false

    private let lock = NSLock()
    private let display: OpaquePointer
    private let window: Window
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    // Opaque black in the window's visual: with an alpha channel, pixel 0 would be transparent under a compositor.
    private let black: UInt
    private var image: SharedImage?
    private var request: Request?
    private var windowClear = true
    private var mapped = false
    private var shownRect: (x: Int, y: Int, width: Int, height: Int)?
    private var closed = false
    // An X error on a put (the segment refused, the window gone): GTK draws from then on.
    private var failed = false

    private init(display: OpaquePointer, window: Window, gc: GC, visual: UnsafeMutablePointer<Visual>, depth: Int32) {
        self.display = display
        self.window = window
        self.gc = gc
        self.visual = visual
        self.depth = depth
        black = depth == 32 ? 0xFF00_0000 : 0
    }

    /// Opens a connection to `displayName` and a hidden child window of the X window `parent`; nil when the server
    /// has no shared memory (a remote display) or the window's pixels are not 32-bit BGRx, the frames' layout.
    static func open(displayName: String, parent: UInt) -> DirectPicture? {
        guard let display = XOpenDisplay(displayName) else { return nil }
        XErrorTrap.join(display)
        let made = make(on: display, parent: Window(parent))
        if made == nil {
            XErrorTrap.leave(display)
            XCloseDisplay(display)
        }
        return made
    }

    private static func make(on display: OpaquePointer, parent: Window) -> DirectPicture? {
        var major: Int32 = 0, minor: Int32 = 0, pixmaps: Int32 = 0
        var attributes = XWindowAttributes()
        guard XShmQueryVersion(display, &major, &minor, &pixmaps) != 0, XGetWindowAttributes(display, parent, &attributes) != 0,
            let visual = attributes.visual, attributes.depth == 24 || attributes.depth == 32,
            visual.pointee.red_mask == 0xFF_0000, visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF
        else { return nil }
        var settings = XSetWindowAttributes()
        // No background: mapped, the window shows what GTK last drew there until the first frame is put.
        settings.background_pixmap = Pixmap(None)
        settings.border_pixel = 0
        settings.colormap = attributes.colormap
        let mask = UInt(CWBackPixmap | CWBorderPixel | CWColormap)
        let window = XCreateWindow(
            display, parent, 0, 0, 1, 1, 0, attributes.depth, UInt32(InputOutput), visual, mask, &settings)
        vt_x_input_passthrough(display, window)
        XStoreName(display, window, "VideoToy video")
        let gc = XCreateGC(display, window, 0, nil)
        XSync(display, 0)
        guard window != 0, let gc, XErrorTrap.takeError(on: display) == nil else {
            if window != 0 { XDestroyWindow(display, window) }
            return nil
        }
        return DirectPicture(display: display, window: window, gc: gc, visual: visual, depth: attributes.depth)
    }

    /// Sets where the view wants its picture, or nil while the view draws something over it (controls, a subtitle)
    /// or does not play; hides the window at once when the picture can no longer go past GTK.
    func request(_ wanted: Request?) {
        lock.withLock {
            guard wanted != request, !closed else { return }
            request = wanted
            guard let wanted else { return hideLocked() }
            XMoveResizeWindow(
                display, window, Int32(clamping: wanted.x), Int32(clamping: wanted.y), UInt32(clamping: max(1, wanted.width)),
                UInt32(clamping: max(1, wanted.height)))
            shownRect = nil
            XFlush(display)
        }
    }

    /// Sets whether the window's own layers (a veil, a held picture) leave the picture clear.
    func setWindowClear(_ clear: Bool) {
        lock.withLock {
            guard clear != windowClear, !closed else { return }
            windowClear = clear
            if !clear { hideLocked() }
        }
    }

    /// Puts `frame` on the screen past GTK and returns true, or returns false when GTK must draw it: something is
    /// drawn over the picture, or GTK would scale the frame (a size on its way after a resize). Streaming thread.
    func put(_ frame: VideoFrame) -> Bool {
        lock.withLock {
            guard !closed, !failed, windowClear, let request,
                let origin = UnscaledPlacement.origin(
                    picture: (frame.width, frame.height), area: (request.width, request.height), mode: request.mode),
                let image = imageLocked(width: frame.width, height: frame.height), image.copy(from: frame)
            else {
                hideLocked()
                return false
            }
            if !mapped {
                XMapWindow(display, window)
                mapped = true
            }
            let rect = (x: origin.x, y: origin.y, width: frame.width, height: frame.height)
            if shownRect.map({ $0 != rect }) ?? true {
                fillMarginsLocked(around: rect, in: request)
                shownRect = rect
            }
            XShmPutImage(
                display, window, gc, image.image, 0, 0, Int32(origin.x), Int32(origin.y), UInt32(frame.width),
                UInt32(frame.height), 0)
            // The segment is written again by the next frame: the server must have read this one first.
            XSync(display, 0)
            guard XErrorTrap.takeError(on: display) == nil else {
                failed = true
                hideLocked()
                return false
            }
            return true
        }
    }

    /// Whether the window is on the screen now.
    var isShown: Bool { lock.withLock { mapped } }

    /// Destroys the window and closes the connection; later puts return false.
    func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            image?.release(on: display)
            image = nil
            XFreeGC(display, gc)
            // Gone already when GTK destroyed the parent first: the error is trapped.
            XDestroyWindow(display, window)
            XSync(display, 0)
            XErrorTrap.leave(display)
            XCloseDisplay(display)
        }
    }

    private func hideLocked() {
        guard mapped, !closed else { return }
        mapped = false
        shownRect = nil
        XUnmapWindow(display, window)
        // Processed before GTK's next drawing reaches the server, so what GTK draws over the picture is seen.
        XSync(display, 0)
    }

    private func imageLocked(width: Int, height: Int) -> SharedImage? {
        if let image, image.width == width, image.height == height { return image }
        image?.release(on: display)
        image = SharedImage.make(on: display, visual: visual, depth: depth, width: width, height: height)
        if image == nil { failed = true }
        return image
    }

    private func fillMarginsLocked(around rect: (x: Int, y: Int, width: Int, height: Int), in area: Request) {
        XSetForeground(display, gc, black)
        let margins = [
            (0, 0, area.width, rect.y), (0, rect.y + rect.height, area.width, area.height - rect.y - rect.height),
            (0, rect.y, rect.x, rect.height), (rect.x + rect.width, rect.y, area.width - rect.x - rect.width, rect.height),
        ]
        for (x, y, width, height) in margins where width > 0 && height > 0 {
            XFillRectangle(display, window, gc, Int32(x), Int32(y), UInt32(width), UInt32(height))
        }
    }
}

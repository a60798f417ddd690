import CGtk
import VideoToyCore
import VideoToyGObject

/// What a frame paintable shows, and the cairo surfaces and textures made from it; GTK's main thread is the only one
/// that touches it (the paintable's callbacks come from GTK's drawing there).
final class FrameContent: @unchecked Sendable {
    private let cairo: Bool
    /// The frame shown, if any.
    private(set) var frame: VideoFrame?
    private var surface: OpaquePointer?
    private var cachedTexture: GObjectRef?
    // The surfaces of the last frames drawn. A cairo node painted from a surface records a snapshot of it, which
    // copies the pixels if the surface goes first; GTK keeps a drawing's nodes until the next one is on screen, so
    // the surfaces of the last two drawings stay (counted in drawings: frames the window never drew never had nodes).
    private var drawn: [OpaquePointer] = []
    private static let drawnKept = 2

    init(cairo: Bool) { self.cairo = cairo }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
        drawn.forEach { cairo_surface_destroy($0) }
    }

    /// The content of a frame paintable.
    static func of(_ object: OpaquePointer?) -> FrameContent? {
        guard let object, let data = g_object_get_qdata(gcast(UnsafeMutableRawPointer(object)), FramePaintableType.quark) else {
            return nil
        }
        return Unmanaged<FrameContent>.fromOpaque(data).takeUnretainedValue()
    }

    /// The shown frame's size in pixels, zero before the first.
    var size: (width: Int, height: Int) { frame.map { ($0.width, $0.height) } ?? (0, 0) }

    /// Takes `frame`; true when its size differs from the one before.
    func show(_ frame: VideoFrame) -> Bool {
        let resized = self.frame.map { $0.width != frame.width || $0.height != frame.height } ?? true
        self.frame = frame
        cachedTexture = nil
        if let surface {
            cairo_surface_destroy(surface)
            self.surface = nil
        }
        return resized
    }

    /// A texture sharing the frame's memory, made once per frame.
    func texture() -> GObjectRef? {
        if let cachedTexture { return cachedTexture }
        guard let frame, let made = TextureMaker.texture(frame) else { return nil }
        cachedTexture = GObjectRef(adopting: UnsafeMutableRawPointer(made))
        return cachedTexture
    }

    /// Draws the frame scaled to `width` × `height` into `snapshot`.
    func snapshot(_ snapshot: OpaquePointer?, width: Double, height: Double) {
        guard let snapshot, let frame, width > 0, height > 0 else { return }
        guard cairo, let surface = surfaceToDraw() else {
            if let texture = texture() { gdk_paintable_snapshot(OpaquePointer(texture.pointer), snapshot, width, height) }
            return
        }
        var bounds = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        Self.paint(surface, of: frame, into: cr, width: width, height: height)
        cairo_destroy(cr)
    }

    /// The frame's surface for a drawing about to be made, kept until two later drawings replaced it; nil before the
    /// first frame or for a frame cairo cannot wrap.
    func surfaceToDraw() -> OpaquePointer? {
        guard let frame, let surface = imageSurface(frame) else { return nil }
        if drawn.last != surface {
            drawn.append(cairo_surface_reference(surface))
            if drawn.count > Self.drawnKept { cairo_surface_destroy(drawn.removeFirst()) }
        }
        return surface
    }

    /// Paints `surface`, the picture of `frame`, scaled to fill `width` × `height` at the origin of `cr`.
    static func paint(_ surface: OpaquePointer, of frame: VideoFrame, into cr: OpaquePointer, width: Double, height: Double) {
        cairo_save(cr)
        cairo_scale(cr, width / Double(frame.width), height / Double(frame.height))
        cairo_set_source_surface(cr, surface, 0, 0)
        // Bilinear, not cairo's default "good", which filters each output pixel from a box of input pixels when
        // shrinking; the player already scaled the frame to about the view's size. Cairo draws a frame that
        // lands pixel for pixel as a plain copy whatever the filter.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The frame as an opaque cairo surface over its own memory, made once per frame; the surface keeps the frame.
    private func imageSurface(_ frame: VideoFrame) -> OpaquePointer? {
        if let surface { return surface }
        guard frame.stride % 4 == 0, frame.stride >= frame.width * 4,
            let width = Int32(exactly: frame.width), let height = Int32(exactly: frame.height),
            let stride = Int32(exactly: frame.stride)
        else { return nil }
        // RGB24 reads the same bytes as BGRA and ignores the alpha byte, so cairo copies instead of blending.
        guard
            let made = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(mutating: frame.bytes).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                width, height, stride),
            cairo_surface_status(made) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let owner = Unmanaged.passRetained(FrameOwner(frame)).toOpaque()
        cairo_surface_set_user_data(made, FrameOwner.key, owner) { Unmanaged<FrameOwner>.fromOpaque($0!).release() }
        surface = made
        return made
    }
}

/// Keeps a frame's memory alive for as long as cairo holds a surface over it.
private final class FrameOwner {
    nonisolated(unsafe) static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    let frame: VideoFrame
    init(_ frame: VideoFrame) { self.frame = frame }
}

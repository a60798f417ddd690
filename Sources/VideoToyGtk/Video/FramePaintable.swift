import CGtk
import VideoToyCore
import VideoToyGObject

/// A paintable that shows a player's newest frame, drawn straight from the frame's memory when GTK draws with cairo.
///
/// GTK 4.8's cairo renderer draws a texture by converting every pixel to floats and back into a new surface, on the
/// main thread, every frame: at 1080p that pass cost more than decoding. Here the frame is wrapped as a cairo image
/// surface without a copy and painted into a cairo node, so the only pass left is cairo's blit into the window. With
/// GL the frame goes in as a texture, which GL uploads once. One paintable can stand in several pictures (the
/// presenter panel's live picture shows the stage's).
@MainActor
final class FramePaintable {
    /// Whether this run's windows draw with cairo; set once, before the first window is realized.
    static var drawsWithCairo = false

    /// The GdkPaintable to put in pictures.
    let object: GObjectRef
    private let content: FrameContent
    // A new size not yet announced: frames shown without a redraw leave it for the next redraw.
    private var sizeChanged = false

    /// A paintable showing nothing until the first frame.
    init() {
        content = FrameContent(cairo: Self.drawsWithCairo)
        let made = g_object_new_with_properties(FramePaintableType.type, 0, nil, nil)!
        object = GObjectRef(adopting: made)
        g_object_set_qdata_full(
            gcast(made), FramePaintableType.quark, Unmanaged.passRetained(content).toOpaque(),
            { Unmanaged<FrameContent>.fromOpaque($0!).release() })
    }

    /// The paintable as GTK's pointer type.
    var paintable: OpaquePointer { OpaquePointer(object.pointer) }

    /// Shows `frame` from the next redraw on; without `redraw` GTK is not asked to draw it (it is on the screen
    /// already), only to have it when it draws the picture again.
    func show(_ frame: VideoFrame, redraw: Bool = true) {
        sizeChanged = content.show(frame) || sizeChanged
        guard redraw else { return }
        if sizeChanged { gdk_paintable_invalidate_size(paintable) }
        sizeChanged = false
        gdk_paintable_invalidate_contents(paintable)
    }

    /// The frame shown, if any.
    var frame: VideoFrame? { content.frame }

    /// Whether `paintable` is one of these.
    static func isFramePaintable(_ paintable: OpaquePointer) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer(paintable), FramePaintableType.type) != 0
    }

    /// A texture of the frame `paintable` shows now, or nil when it is not a frame paintable or shows nothing.
    static func currentTexture(of paintable: OpaquePointer) -> GObjectRef? {
        guard isFramePaintable(paintable) else { return nil }
        return FrameContent.of(paintable)?.texture()
    }
}

/// The GObject type behind `FramePaintable`: a plain GObject with the GdkPaintable interface, its state in qdata.
enum FramePaintableType {
    static let quark = g_quark_from_static_string("videotoy-frame-content")

    static let type: GType = {
        let type = g_type_register_static_simple(
            g_object_get_type(), "VideoToyFramePaintable", guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size), nil, GTypeFlags(rawValue: 0))
        var info = GInterfaceInfo(
            interface_init: { iface, _ in
                let paintable = iface!.assumingMemoryBound(to: GdkPaintableInterface.self)
                paintable.pointee.snapshot = { object, snapshot, width, height in
                    FrameContent.of(object)?.snapshot(snapshot, width: width, height: height)
                }
                paintable.pointee.get_current_image = { object in
                    // A new reference, as the interface asks: the texture is the frame as it is now.
                    let image = FrameContent.of(object)?.texture().map { g_object_ref($0.pointer) }
                    return image.map(OpaquePointer.init) ?? gdk_paintable_new_empty(0, 0)
                }
                paintable.pointee.get_intrinsic_width = { object in
                    Int32(clamping: FrameContent.of(object)?.size.width ?? 0)
                }
                paintable.pointee.get_intrinsic_height = { object in
                    Int32(clamping: FrameContent.of(object)?.size.height ?? 0)
                }
            }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, gdk_paintable_get_type(), &info)
        return type
    }()
}

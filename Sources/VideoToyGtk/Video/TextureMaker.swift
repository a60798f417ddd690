import CGtk
import VideoToyCore
import VideoToyGObject

/// Wraps decoded frames as GDK textures without copying: the texture keeps the frame alive.
enum TextureMaker {
    private final class Holder {
        let frame: VideoFrame
        init(_ frame: VideoFrame) { self.frame = frame }
    }

    /// A new texture reference for `frame`; the caller owns it.
    static func texture(_ frame: VideoFrame) -> OpaquePointer? {
        let holder = CBox.retain(Holder(frame))
        let bytes = g_bytes_new_with_free_func(frame.bytes, gsize(frame.byteCount), CBox.destroyNotify, holder)
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(
            Int32(frame.width), Int32(frame.height),
            GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(frame.stride))
    }

    /// Shows `frame` in `picture` (a poster, a still), or clears it with nil.
    static func show(_ frame: VideoFrame?, in picture: OpaquePointer) {
        guard let frame, let texture = texture(frame) else {
            gtk_picture_set_paintable(picture, nil)
            return
        }
        gtk_picture_set_paintable(picture, texture)
        g_object_unref(graw(texture))
    }
}

import CGStreamer
import Foundation
import VideoToyGObject

/// Replaces a few bytes of a file, at a fixed place, in what its source element hands the pipeline: the demuxer
/// then reads the file as it should have been written (`StretchedMovie`'s movie duration).
///
/// The probe sits on the source's pad, so the player's playbin and the prober's discoverer read the same bytes.
final class SourcePatch: @unchecked Sendable {
    /// Where the bytes go in the file.
    let offset: Int
    /// The bytes as they are to be read.
    let bytes: [UInt8]
    /// The bytes the file holds there: a buffer holding others (the file changed) is left alone.
    let old: [UInt8]

    /// A patch of `old` to `bytes` at `offset`.
    init(offset: Int, old: [UInt8], bytes: [UInt8]) {
        (self.offset, self.old, self.bytes) = (offset, old, bytes)
    }

    /// A patch for a stretched movie's duration.
    convenience init(_ plan: StretchedMovie.Plan) {
        self.init(offset: plan.offset, old: plan.old, bytes: plan.new)
    }

    /// Applies the patch to every source `object` sets up (playbin's or a discoverer's `source-setup`, whose handlers
    /// take the object, the source and the user data); returns the handler's id.
    @discardableResult
    func connect(to object: UnsafeMutableRawPointer) -> gulong {
        g_signal_connect_data(
            object, "source-setup", unsafeBitCast(Self.sourceSetup, to: GCallback.self), CBox.retain(self), CBox.closureNotify,
            GConnectFlags(0))
    }

    /// The changes to make to `count` bytes read at `start`: their places in the buffer and their new values; none
    /// when the bytes there are not the ones the patch expects.
    func changes(_ buffer: UnsafeRawBufferPointer, at start: Int) -> [(index: Int, value: UInt8)] {
        var found: [(index: Int, value: UInt8)] = []
        for index in bytes.indices {
            let at = offset + index - start
            guard at >= 0, at < buffer.count else { continue }
            guard buffer[at] == old[index] else { return [] }
            found.append((at, bytes[index]))
        }
        return found
    }

    private typealias SourceSetup =
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?)
        -> Void

    private static let sourceSetup: SourceSetup = { _, source, data in
        guard let source, let pad = gst_element_get_static_pad(source, "src") else { return }
        defer { gst_object_unref(pad) }
        let types = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_PUSH.rawValue | GST_PAD_PROBE_TYPE_PULL.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(types), probe, CBox.retain(CBox.object(data, as: SourcePatch.self)), CBox.destroyNotify)
    }

    /// Rewrites one buffer leaving the source, on the streaming thread.
    private static let probe: GstPadProbeCallback = { _, info, data in
        guard let info, let raw = info.pointee.data, info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 else {
            return GST_PAD_PROBE_OK
        }
        let patch = CBox.object(data, as: SourcePatch.self)
        let buffer = raw.assumingMemoryBound(to: GstBuffer.self)
        // A source that does not say where its bytes come from cannot be patched by place.
        guard buffer.pointee.offset != UInt64.max, buffer.pointee.offset <= UInt64(Int.max) else { return GST_PAD_PROBE_OK }
        let start = Int(buffer.pointee.offset)
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return GST_PAD_PROBE_OK }
        let changes = patch.changes(UnsafeRawBufferPointer(start: map.data, count: Int(map.size)), at: start)
        gst_buffer_unmap(buffer, &map)
        guard !changes.isEmpty else { return GST_PAD_PROBE_OK }
        let object = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)
        guard let writable = gst_mini_object_make_writable(object) else { return GST_PAD_PROBE_OK }
        let copy = UnsafeMutableRawPointer(writable).assumingMemoryBound(to: GstBuffer.self)
        info.pointee.data = UnsafeMutableRawPointer(copy)
        guard gst_buffer_map(copy, &map, GST_MAP_WRITE) != 0 else { return GST_PAD_PROBE_OK }
        for change in changes where change.index < Int(map.size) { map.data[change.index] = change.value }
        gst_buffer_unmap(copy, &map)
        return GST_PAD_PROBE_OK
    }
}

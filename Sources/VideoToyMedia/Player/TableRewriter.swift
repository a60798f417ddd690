import CGStreamer
import Foundation
import VideoToyGObject

/// Rewrites a transport stream's program tables as the demuxer reads them, so that tsdemux plays the DTS soundtracks
/// `TransportDTS` checked (their entries marked 0x8A, the sections' CRC computed anew).
///
/// The tables are found in each buffer on the packet grid of the plan; a table cut by a buffer's end has the rest of
/// its changes applied to the buffer that follows. Buffers whose bytes it does not change are passed on untouched.
final class TableRewriter: @unchecked Sendable {
    private let plan: TransportDTS.Plan
    private let lock = NSLock()
    // Changes past the end of the last buffer, by their offset in the file.
    private var pending: [Int: UInt8] = [:]
    // Where the next buffer starts when it does not say.
    private var nextOffset = 0

    /// A rewriter for the stream `plan` describes.
    init(plan: TransportDTS.Plan) {
        self.plan = plan
    }

    /// The bytes to change in `bytes`, read at `offset` in the file (nil: right after the last buffer), as their
    /// places in `bytes` and their new values.
    func changes(_ bytes: UnsafeRawBufferPointer, at offset: Int?) -> [(index: Int, value: UInt8)] {
        lock.withLock {
            let start = offset ?? nextOffset
            let end = start + bytes.count
            nextOffset = end
            var found: [(index: Int, value: UInt8)] = []
            for (at, value) in pending where at >= start && at < end { found.append((at - start, value)) }
            // A read elsewhere in the file (a seek, the demuxer's scan of the end) leaves nothing to finish.
            pending = [:]
            var changes: [(at: Int, value: UInt8)] = []
            if let tail, tail.offset + tail.bytes.count == start {
                // A packet whose header the last buffer cut: read from its bytes there and the first ones here.
                let joined = tail.bytes + UnsafeRawBufferPointer(rebasing: bytes.prefix(188 - tail.bytes.count))
                if case .table(let section, let rewrite) = joined.withUnsafeBytes({ table($0, packet: 0) }) {
                    changes += Self.differences(rewrite, at: tail.offset + section)
                }
            }
            tail = nil
            let size = plan.packetSize
            var sync = start <= plan.firstSync ? plan.firstSync : plan.firstSync + (start - plan.firstSync + size - 1) / size * size
            while sync < end {
                defer { sync += size }
                switch table(bytes, packet: sync - start) {
                case .table(let section, let rewrite): changes += Self.differences(rewrite, at: start + section)
                case .cut: tail = (sync, Array(UnsafeRawBufferPointer(rebasing: bytes[(sync - start)...])))
                case .none: break
                }
            }
            for change in changes where change.at >= start {
                if change.at < end { found.append((change.at - start, change.value)) } else { pending[change.at] = change.value }
            }
            return found
        }
    }

    // The start of the last buffer's last packet, when the buffer ended inside its header.
    private var tail: (offset: Int, bytes: [UInt8])?

    /// The bytes a rewrite changes, by their offset in the file, for a section at `offset`.
    private static func differences(_ rewrite: TransportDTS.Rewrite, at offset: Int) -> [(at: Int, value: UInt8)] {
        rewrite.old.indices.filter { rewrite.old[$0] != rewrite.new[$0] }.map { (offset + $0, rewrite.new[$0]) }
    }

    /// What a packet holds, as far as the rewrite is concerned.
    private enum Packet {
        /// A table to rewrite, starting at this place in the buffer, whose bytes seen so far are the ones planned.
        case table(Int, TransportDTS.Rewrite)
        /// Its header runs past the buffer's end.
        case cut
        /// Nothing to rewrite.
        case none
    }

    /// What the packet at `packet` in `bytes` holds.
    private func table(_ bytes: UnsafeRawBufferPointer, packet: Int) -> Packet {
        guard packet + 5 <= bytes.count else { return packet < bytes.count ? .cut : .none }
        guard bytes[packet] == 0x47, bytes[packet + 1] & 0x40 != 0 else { return .none }
        let pid = Int(bytes[packet + 1] & 0x1F) << 8 | Int(bytes[packet + 2])
        guard let rewrite = plan.sections[pid] else { return .none }
        let control = (bytes[packet + 3] >> 4) & 0x3
        guard control & 0x1 != 0 else { return .none }
        var payload = packet + 4
        if control & 0x2 != 0 { payload += 1 + Int(bytes[packet + 4]) }
        guard payload < packet + 188 else { return .none }
        guard payload < bytes.count else { return .cut }
        let section = payload + 1 + Int(bytes[payload])
        // The plan only holds tables that fit in one packet.
        guard section + rewrite.old.count <= packet + 188 else { return .none }
        for index in rewrite.old.indices where section + index < bytes.count {
            guard bytes[section + index] == rewrite.old[index] else { return .none }
        }
        return .table(section, rewrite)
    }

    /// Makes playbin's transport stream demuxer read `plan`'s tables rewritten: each tsdemux it sets up gets a
    /// rewriter on its input.
    static func install(on playbin: UnsafeMutablePointer<GstElement>, plan: TransportDTS.Plan) {
        g_signal_connect_data(
            playbin, "element-setup", unsafeBitCast(elementSetup, to: GCallback.self), CBox.retain(PlanBox(plan)),
            CBox.closureNotify, GConnectFlags(0))
    }

    private typealias ElementSetup =
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GstElement>?, UnsafeMutableRawPointer?)
        -> Void

    /// playbin's `element-setup` handler: (playbin, element, user data), on whichever thread made the element.
    private static let elementSetup: ElementSetup = { _, element, data in
        guard let element, let name = vt_element_factory_name(element), String(cString: name) == "tsdemux",
            let pad = gst_element_get_static_pad(element, "sink")
        else { return }
        defer { gst_object_unref(pad) }
        let rewriter = TableRewriter(plan: CBox.object(data, as: PlanBox.self).plan)
        let types = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_PUSH.rawValue | GST_PAD_PROBE_TYPE_PULL.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(types), probe, CBox.retain(rewriter), CBox.destroyNotify)
    }

    /// Rewrites one buffer on its way into the demuxer, on the streaming thread.
    private static let probe: GstPadProbeCallback = { _, info, data in
        guard let info, let raw = info.pointee.data, info.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0 else {
            return GST_PAD_PROBE_OK
        }
        let rewriter = CBox.object(data, as: TableRewriter.self)
        let buffer = raw.assumingMemoryBound(to: GstBuffer.self)
        let offset = buffer.pointee.offset == UInt64.max || buffer.pointee.offset > UInt64(Int.max) ? nil : Int(buffer.pointee.offset)
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return GST_PAD_PROBE_OK }
        let changes = rewriter.changes(UnsafeRawBufferPointer(start: map.data, count: Int(map.size)), at: offset)
        gst_buffer_unmap(buffer, &map)
        guard !changes.isEmpty else { return GST_PAD_PROBE_OK }
        // The buffer may be shared: a writable one (a copy if need be) takes its place.
        let object = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GstMiniObject.self)
        guard let writable = gst_mini_object_make_writable(object) else { return GST_PAD_PROBE_OK }
        let copy = UnsafeMutableRawPointer(writable).assumingMemoryBound(to: GstBuffer.self)
        info.pointee.data = UnsafeMutableRawPointer(copy)
        guard gst_buffer_map(copy, &map, GST_MAP_WRITE) != 0 else { return GST_PAD_PROBE_OK }
        for change in changes where change.index < Int(map.size) { map.data[change.index] = change.value }
        gst_buffer_unmap(copy, &map)
        return GST_PAD_PROBE_OK
    }

    /// The plan, handed to C with the signal handler.
    private final class PlanBox: @unchecked Sendable {
        let plan: TransportDTS.Plan
        init(_ plan: TransportDTS.Plan) { self.plan = plan }
    }
}

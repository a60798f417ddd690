import Foundation
import VideoToyPOSIX

/// The playing time of an MPEG transport stream (188-byte packets, or 192 with the M2TS timecode), from the
/// presentation times of its first and last audio and video packets.
///
/// GStreamer's demuxer works its duration out from clock references spread far enough apart, so a clip of a second
/// or two gets none. This reads only the first and last `window` bytes, so a file of any size costs the same.
enum TransportTimes {
    /// Bytes read from each end of the file.
    static let window = 1 << 20
    /// The longest duration believed: presentation times wrap after 2^33 ticks of 90 kHz (26.5 hours).
    static let longestMs = 24 * 3_600_000

    /// The duration of the transport stream at `path` (`size` bytes), or nil when it has no presentation times to
    /// span or is not a transport stream.
    static func durationMs(path: String, size: Int) -> Int? {
        guard size > 0, let file = OpenFile.reading(path) else { return nil }
        guard let head = file.read(upTo: min(size, window), at: 0) else { return nil }
        let tailStart = max(0, size - window)
        guard let tail = tailStart == 0 ? head : file.read(upTo: size - tailStart, at: tailStart) else { return nil }
        return durationMs(head: head, tail: tail)
    }

    /// The span from the earliest presentation time in `head` to the end of the last frame in `tail`, in
    /// milliseconds; nil without times in both, or when they give no plausible span.
    static func durationMs(head: [UInt8], tail: [UInt8]) -> Int? {
        guard let layout = Layout(head), let tailLayout = Layout(tail, packetSize: layout.packetSize) else { return nil }
        let first = times(in: head, layout)
        let last = times(in: tail, tailLayout)
        guard let start = first.values.compactMap { $0.min() }.min() else { return nil }
        var end: Int64?
        var step: Int64?
        for times in last.values {
            guard let latest = times.max() else { continue }
            end = max(end ?? latest, latest)
            // One PID's times run one after another: the smallest step of any is the shortest frame. Sound packets
            // often carry several frames each, so only the shortest step is added, once, to the latest time.
            let sorted = Set(times).sorted()
            if let shortest = zip(sorted, sorted.dropFirst()).map({ $1 - $0 }).filter({ $0 > 0 }).min() {
                step = min(step ?? shortest, shortest)
            }
        }
        if let step, let latest = end { end = latest + min(step, 90_000) }
        guard var end else { return nil }
        // The 33-bit counter may wrap once between the two ends.
        if end < start { end += 1 << 33 }
        let ms = (end - start) / 90
        guard ms > 0, ms <= Int64(longestMs) else { return nil }
        return Int(ms)
    }

    /// Where packets start in a buffer and how long they are.
    struct Layout {
        /// 188, or 192 with a 4-byte timecode before each packet.
        let packetSize: Int
        /// The offset of the first whole packet's sync byte.
        let firstSync: Int

        init?(_ bytes: [UInt8], packetSize wanted: Int? = nil) {
            for size in wanted.map({ [$0] }) ?? [188, 192] {
                // Three sync bytes in a row, one packet apart, mark the packet grid.
                let limit = min(bytes.count - 2 * size, size)
                guard limit > 0 else { continue }
                for offset in 0..<limit where bytes[offset] == 0x47 && bytes[offset + size] == 0x47 && bytes[offset + 2 * size] == 0x47 {
                    packetSize = size
                    firstSync = offset
                    return
                }
            }
            return nil
        }
    }

    /// The presentation times found at the starts of audio and video PES packets, by PID.
    static func times(in bytes: [UInt8], _ layout: Layout) -> [Int: [Int64]] {
        var found: [Int: [Int64]] = [:]
        var offset = layout.firstSync
        while offset + 188 <= bytes.count {
            defer { offset += layout.packetSize }
            guard bytes[offset] == 0x47 else { continue }
            let pid = Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2])
            let unitStart = bytes[offset + 1] & 0x40 != 0
            let control = (bytes[offset + 3] >> 4) & 0x3
            guard unitStart, control & 0x1 != 0 else { continue }
            var payload = offset + 4
            if control & 0x2 != 0 { payload += 1 + Int(bytes[offset + 4]) }
            guard payload + 14 <= offset + 188 else { continue }
            let pes = bytes[payload..<offset + 188]
            if let pts = presentationTime(pes) { found[pid, default: []].append(pts) }
        }
        return found
    }

    /// The PTS of a PES packet header of an audio or video stream (H.222.0 2.4.3.7), if it has one.
    private static func presentationTime(_ pes: ArraySlice<UInt8>) -> Int64? {
        let p = pes.startIndex
        guard pes.count >= 14, pes[p] == 0, pes[p + 1] == 0, pes[p + 2] == 1 else { return nil }
        let streamID = pes[p + 3]
        // Audio (0xC0–0xDF), video (0xE0–0xEF), private stream 1 (AC-3, DTS) and extended streams (VC-1, E-AC-3).
        guard (0xC0...0xEF).contains(streamID) || streamID == 0xBD || streamID == 0xFD else { return nil }
        guard pes[p + 6] & 0xC0 == 0x80, pes[p + 7] & 0x80 != 0 else { return nil }
        let b = pes[(p + 9)...(p + 13)].map(Int64.init)
        // Marker bits between the three parts must be set, or this is not a PTS.
        guard b[0] & 1 == 1, b[2] & 1 == 1, b[4] & 1 == 1 else { return nil }
        return (b[0] >> 1 & 0x7) << 30 | b[1] << 22 | (b[2] >> 1) << 15 | b[3] << 7 | b[4] >> 1
    }
}

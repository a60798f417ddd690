import VideoToyCore
import VideoToyPOSIX

/// DTS soundtracks of an MPEG transport stream that GStreamer 1.22's demuxer skips, and the program tables that make
/// it play them.
///
/// ffmpeg marks DTS with stream type 0x82 and no registration descriptor. tsdemux reads 0x82 as DTS only in a
/// Blu-ray (HDMV) program or under a DTS registration, because ATSC uses the same number for SCTE-27 subtitles; it
/// exposes no pad for the stream otherwise, although `avdec_dca` is installed. A stream whose first payload starts
/// with a DTS sync word is DTS whatever its table says: its entry is rewritten to 0x8A, which tsdemux reads as DTS
/// in any program, and the section's CRC is computed anew. Streams that are not DTS, or whose payload the first
/// `TransportTimes.window` bytes do not reach, are left as they are.
enum TransportDTS {
    /// What the start of a transport stream says about its 0x82 streams.
    struct Plan: Equatable, Sendable {
        /// The packet grid the tables were found on.
        var packetSize = 188
        /// Where the first packet's sync byte is.
        var firstSync = 0
        /// Each program table to rewrite, by its PID: the section as written, and as it is to be read.
        var sections: [Int: Rewrite] = [:]
        /// How many DTS streams the rewritten tables make playable.
        var dts = 0
        /// Their languages, from the streams' ISO 639 descriptors (nil where none is given), in table order.
        var languages: [Language?] = []
        /// 0x82 streams GStreamer skips whose payload was not found: they may be DTS.
        var unchecked = 0

        /// Whether any table is to be rewritten.
        var rewrites: Bool { !sections.isEmpty }
    }

    /// One program table's section, before and after the rewrite.
    struct Rewrite: Equatable, Sendable {
        /// The section as the file holds it, CRC included.
        let old: [UInt8]
        /// The section with its DTS entries marked 0x8A and a new CRC.
        let new: [UInt8]
    }

    /// The plan for the transport stream at `path` (`size` bytes), from its first `TransportTimes.window` bytes;
    /// nil for a file that is not a transport stream or has nothing to rewrite or report.
    static func plan(path: String, size: Int) -> Plan? {
        guard size > 0, let file = OpenFile.reading(path), let head = file.read(upTo: min(size, TransportTimes.window), at: 0) else {
            return nil
        }
        let found = plan(head: head)
        return found.rewrites || found.unchecked > 0 ? found : nil
    }

    /// The plan for a transport stream starting with `head`.
    static func plan(head: [UInt8]) -> Plan {
        guard let layout = TransportTimes.Layout(head) else { return Plan() }
        var plan = Plan(packetSize: layout.packetSize, firstSync: layout.firstSync)
        let tables = programTables(head, layout)
        let payloads = firstPayloads(head, layout, pids: Set(tables.values.flatMap { skippedEntries(pmt: $0).map(\.pid) }))
        for (pid, section) in tables.sorted(by: { $0.key < $1.key }) {
            var new = section
            for entry in skippedEntries(pmt: section) {
                guard let payload = payloads[entry.pid] else {
                    plan.unchecked += 1
                    continue
                }
                guard isDTS(payload) else { continue }
                new[entry.offset] = 0x8A
                plan.dts += 1
                plan.languages.append(entry.language.flatMap { Language(tag: $0) })
            }
            guard new != section else { continue }
            let crc = mpegCRC(new.dropLast(4))
            new.replaceSubrange(new.count - 4..<new.count, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
            plan.sections[pid] = Rewrite(old: section, new: new)
        }
        return plan
    }

    /// Whether an elementary stream's first bytes are a DTS frame's sync word: the core stream's in its 16-bit and
    /// 14-bit forms, either byte order, or a DTS-HD substream's.
    static func isDTS(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        let word = bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return [0x7FFE_8001, 0xFE7F_0180, 0x1FFF_E800, 0xFF1F_00E8, 0x6458_2025].contains(word)
    }

    /// The first bytes of the first PES payload of each of `pids` in `bytes`.
    private static func firstPayloads(_ bytes: [UInt8], _ layout: TransportTimes.Layout, pids: Set<Int>) -> [Int: [UInt8]] {
        var found: [Int: [UInt8]] = [:]
        var offset = layout.firstSync
        while offset + 188 <= bytes.count, found.count < pids.count {
            defer { offset += layout.packetSize }
            guard bytes[offset] == 0x47, bytes[offset + 1] & 0x40 != 0 else { continue }
            let pid = Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2])
            let control = (bytes[offset + 3] >> 4) & 0x3
            guard pids.contains(pid), found[pid] == nil, control & 0x1 != 0 else { continue }
            var payload = offset + 4
            if control & 0x2 != 0 { payload += 1 + Int(bytes[offset + 4]) }
            // The PES header: start code, stream id, length, two flag bytes, then its own length.
            guard payload + 9 <= offset + 188, bytes[payload] == 0, bytes[payload + 1] == 0, bytes[payload + 2] == 1 else { continue }
            let start = payload + 9 + Int(bytes[payload + 8])
            guard start < offset + 188 else { continue }
            found[pid] = Array(bytes[start..<min(start + 4, offset + 188)])
        }
        return found
    }

    /// The CRC-32 of MPEG-2 systems sections (polynomial 0x04C11DB7, not reflected, no final inversion).
    static func mpegCRC(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }

    /// The program tables (PMT sections) of the programs the PAT in `head` lists, by PID: the first complete one of
    /// each that fits in one packet.
    private static func programTables(_ head: [UInt8], _ layout: TransportTimes.Layout) -> [Int: [UInt8]] {
        var programs: Set<Int> = []
        var tables: [Int: [UInt8]] = [:]
        var offset = layout.firstSync
        while offset + 188 <= head.count {
            defer { offset += layout.packetSize }
            let packet = head[offset..<offset + 188]
            guard let section = firstSection(packet) else { continue }
            let pid = Int(packet[offset + 1] & 0x1F) << 8 | Int(packet[offset + 2])
            if pid == 0, section.first == 0x00 {
                // The PAT's loop: program number, then the PMT's PID; program 0 names the network table.
                var entry = 8
                while entry + 4 <= section.count - 4 {
                    let number = Int(section[entry]) << 8 | Int(section[entry + 1])
                    if number != 0 { programs.insert(Int(section[entry + 2] & 0x1F) << 8 | Int(section[entry + 3])) }
                    entry += 4
                }
            } else if section.first == 0x02, tables[pid] == nil {
                tables[pid] = section
            }
        }
        return tables.filter { programs.contains($0.key) }
    }

    /// Where a complete section starts in a packet's payload, when the whole section fits in that packet.
    static func sectionStart(_ packet: ArraySlice<UInt8>) -> Int? {
        let p = packet.startIndex
        guard packet.count >= 188, packet[p] == 0x47, packet[p + 1] & 0x40 != 0 else { return nil }
        let control = (packet[p + 3] >> 4) & 0x3
        guard control & 0x1 != 0 else { return nil }
        var payload = p + 4
        if control & 0x2 != 0 { payload += 1 + Int(packet[p + 4]) }
        guard payload < p + 188 else { return nil }
        let start = payload + 1 + Int(packet[payload])
        guard start + 3 <= p + 188 else { return nil }
        let length = Int(packet[start + 1] & 0x0F) << 8 | Int(packet[start + 2])
        guard length >= 9, start + 3 + length <= p + 188 else { return nil }
        return start
    }

    /// The complete section that starts in a packet's payload, when the whole section fits in that packet.
    private static func firstSection(_ packet: ArraySlice<UInt8>) -> [UInt8]? {
        guard let start = sectionStart(packet) else { return nil }
        let length = Int(packet[start + 1] & 0x0F) << 8 | Int(packet[start + 2])
        return Array(packet[start..<start + 3 + length])
    }

    /// One 0x82 entry of a program table that GStreamer skips.
    struct Entry: Equatable {
        /// Where its stream-type byte is in the section.
        let offset: Int
        /// The elementary stream's PID.
        let pid: Int
        /// The language its ISO 639 descriptor gives, if any.
        let language: String?
    }

    /// The 0x82 entries of one PMT section that GStreamer skips: those without a DTS registration, in a program not
    /// registered as Blu-ray (HDMV), where GStreamer reads 0x82 as DTS.
    static func skippedEntries(pmt section: [UInt8]) -> [Entry] {
        guard section.count >= 16 else { return [] }
        let infoLength = Int(section[10] & 0x0F) << 8 | Int(section[11])
        guard 12 + infoLength <= section.count - 4 else { return [] }
        if descriptors(section[12..<12 + infoLength]).registrations.contains("HDMV") { return [] }
        var found: [Entry] = []
        var entry = 12 + infoLength
        while entry + 5 <= section.count - 4 {
            let type = section[entry]
            let pid = Int(section[entry + 1] & 0x1F) << 8 | Int(section[entry + 2])
            let length = Int(section[entry + 3] & 0x0F) << 8 | Int(section[entry + 4])
            guard entry + 5 + length <= section.count - 4 else { break }
            let marks = descriptors(section[entry + 5..<entry + 5 + length])
            if type == 0x82, marks.registrations.isDisjoint(with: ["DTS1", "DTS2", "DTS3", "DTSH"]) {
                found.append(Entry(offset: entry, pid: pid, language: marks.language))
            }
            entry += 5 + length
        }
        return found
    }

    /// The four-letter codes of the registration descriptors (tag 5) in a descriptor loop, and the first ISO 639
    /// language (tag 10) when it is three lowercase letters.
    private static func descriptors(_ loop: ArraySlice<UInt8>) -> (registrations: Set<String>, language: String?) {
        var codes: Set<String> = []
        var language: String?
        var index = loop.startIndex
        while index + 2 <= loop.endIndex {
            let tag = loop[index], length = Int(loop[index + 1])
            guard index + 2 + length <= loop.endIndex else { break }
            let body = loop[index + 2..<index + 2 + length]
            if tag == 5, length >= 4 { codes.insert(String(decoding: body.prefix(4), as: UTF8.self)) }
            if tag == 10, length >= 3, language == nil, body.prefix(3).allSatisfy({ (0x61...0x7A).contains($0) }) {
                language = String(decoding: body.prefix(3), as: UTF8.self)
            }
            index += 2 + length
        }
        return (codes, language)
    }
}

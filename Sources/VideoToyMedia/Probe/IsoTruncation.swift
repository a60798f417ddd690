import Foundation
import VideoToyFiles

/// Detects ISO-BMFF (MP4/MOV) files cut short, which the discoverer accepts while the index is intact.
enum IsoTruncation {
    /// True when `head` starts like an ISO-BMFF file.
    static func looksIso(_ head: [UInt8]) -> Bool {
        guard head.count >= 8 else { return false }
        let type = String(decoding: head[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "free", "wide", "skip"].contains(type)
    }

    /// Walks the top-level boxes and describes the first one that runs past the end, or a missing index.
    static func problem(path: String, size: Int) -> String? {
        guard let handle = PathCalls.readingHandle(path) else { return nil }
        defer { try? handle.close() }
        var offset = 0
        var sawMoov = false
        while offset + 8 <= size {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil,
                  let header = try? handle.read(upToCount: 16), header.count >= 8 else { return nil }
            let bytes = [UInt8](header)
            var length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            if length == 1, bytes.count >= 16 {
                length = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
            } else if length == 0 {
                length = size - offset
            }
            guard length >= 8 else { return "box '\(type)' at byte \(offset) has an invalid size" }
            if type == "moov" { sawMoov = true }
            if offset + length > size {
                return "the '\(type)' box needs \(offset + length) bytes but the file ends at \(size)"
                    + (sawMoov ? "" : "; the 'moov' index is missing")
            }
            offset += length
        }
        return sawMoov ? nil : "the 'moov' index is missing"
    }
}

import Foundation
import VideoToyPOSIX

/// How many video, audio and subtitle tracks a Matroska/WebM file declares, read from its Tracks element.
///
/// libavformat leaves out a track whose codec ID contradicts its type ("X_BLOB/DATA" on a subtitle track), which
/// GStreamer still lists as a stream it cannot decode; comparing these counts with libavformat's streams tells the
/// header path that it does not see the whole file.
struct MatroskaTracks: Equatable, Sendable {
    /// Tracks of type 1.
    var video = 0
    /// Tracks of type 2.
    var audio = 0
    /// Tracks of type 0x11.
    var subtitles = 0

    private static let ebml: UInt32 = 0x1A45_DFA3
    private static let segment: UInt32 = 0x1853_8067
    private static let tracks: UInt32 = 0x1654_AE6B
    private static let cluster: UInt32 = 0x1F43_B675
    private static let trackEntry: UInt32 = 0xAE
    private static let trackType: UInt32 = 0x83
    private static let codecID: UInt32 = 0x86

    /// The counts of the file at `path` (`size` bytes), or nil when its Tracks element is not found before the
    /// first cluster (a live stream's unknown sizes, a damaged or unusual layout).
    static func of(path: String, size: Int) -> MatroskaTracks? {
        tracksBody(path: path, size: size).flatMap(count)
    }

    /// The codec IDs of the subtitle tracks in their order (`S_TEXT/WEBVTT` is the form of WebVTT mkvmerge writes,
    /// which libavformat of this release lists as a subtitle stream of no known codec); nil when the Tracks element
    /// cannot be read.
    static func subtitleCodecIDs(path: String, size: Int) -> [String]? {
        guard let body = tracksBody(path: path, size: size) else { return nil }
        var codecs: [String] = []
        let complete = eachEntry(body) { fields in
            guard let type = fields[trackType], (1...8).contains(type.count), type.reduce(0, { $0 << 8 | Int($1) }) == 0x11 else {
                return
            }
            codecs.append(fields[codecID].map { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } ?? "")
        }
        return complete ? codecs : nil
    }

    /// The body of the segment's Tracks element, found before the first cluster and at most 4 MiB.
    private static func tracksBody(path: String, size: Int) -> [UInt8]? {
        guard let file = OpenFile.reading(path), let header = element(file, at: 0, end: size), header.id == ebml,
            let length = header.length, let top = element(file, at: header.body + length, end: size), top.id == segment
        else { return nil }
        let end = top.length.map { min(size, top.body + $0) } ?? size
        var offset = top.body
        // SeekHead, Info, Tags and padding come first in every muxer's layout; a few dozen is plenty.
        for _ in 0..<64 {
            guard let child = element(file, at: offset, end: end), child.id != cluster, let length = child.length else { return nil }
            if child.id == tracks {
                guard length <= 1 << 22, let body = file.read(upTo: length, at: child.body), body.count == length else { return nil }
                return body
            }
            offset = child.body + length
        }
        return nil
    }

    private static func count(_ body: [UInt8]) -> MatroskaTracks? {
        var counts = MatroskaTracks()
        let complete = eachEntry(body) { fields in
            guard let type = fields[trackType], (1...8).contains(type.count) else { return }
            switch type.reduce(0, { $0 << 8 | Int($1) }) {
            case 1: counts.video += 1
            case 2: counts.audio += 1
            case 0x11: counts.subtitles += 1
            default: break
            }
        }
        return complete ? counts : nil
    }

    /// Calls `body` with each TrackEntry's fields by ID (the first of each); false when the element is damaged.
    @discardableResult
    private static func eachEntry(_ body: [UInt8], _ visit: ([UInt32: ArraySlice<UInt8>]) -> Void) -> Bool {
        var offset = 0
        while offset < body.count {
            guard let entry = element(body, at: offset), let length = entry.length, entry.body + length <= body.count else { return false }
            if entry.id == trackEntry {
                var fields: [UInt32: ArraySlice<UInt8>] = [:]
                var inner = entry.body
                while inner < entry.body + length {
                    guard let field = element(body, at: inner), let fieldLength = field.length else { return false }
                    if field.body + fieldLength <= body.count, fields[field.id] == nil {
                        fields[field.id] = body[field.body..<field.body + fieldLength]
                    }
                    inner = field.body + fieldLength
                }
                visit(fields)
            }
            offset = entry.body + length
        }
        return true
    }

    /// An element's ID, where its body starts, and its length (nil when unknown).
    private struct Element {
        let id: UInt32
        let body: Int
        let length: Int?
    }

    private static func element(_ file: OpenFile, at offset: Int, end: Int) -> Element? {
        guard offset < end, let bytes = file.read(upTo: 12, at: offset) else { return nil }
        return element(bytes, at: 0).map { Element(id: $0.id, body: offset + $0.body, length: $0.length) }
    }

    /// Reads an EBML ID (its marker bit kept, as the specification writes IDs) and a size at `offset`.
    private static func element(_ bytes: [UInt8], at offset: Int) -> Element? {
        guard offset < bytes.count, bytes[offset] != 0 else { return nil }
        let idLength = bytes[offset].leadingZeroBitCount + 1
        guard idLength <= 4, offset + idLength < bytes.count else { return nil }
        let id = bytes[offset..<offset + idLength].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let sizeStart = offset + idLength
        guard bytes[sizeStart] != 0 else { return nil }
        let sizeLength = bytes[sizeStart].leadingZeroBitCount + 1
        guard sizeStart + sizeLength <= bytes.count else { return nil }
        let first = UInt64(bytes[sizeStart]) & (0xFF >> UInt64(sizeLength))
        let value = bytes[sizeStart + 1..<sizeStart + sizeLength].reduce(first) { $0 << 8 | UInt64($1) }
        // A size of all ones means "unknown", as live streams write their segment and clusters.
        let unknown = value == (UInt64(1) << UInt64(7 * sizeLength)) - 1
        guard unknown || value <= UInt64(Int.max / 4) else { return nil }
        return Element(id: id, body: sizeStart + sizeLength, length: unknown ? nil : Int(value))
    }
}

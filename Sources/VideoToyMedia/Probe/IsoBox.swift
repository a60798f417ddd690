import Foundation
import VideoToyPOSIX

/// One top-level box of an ISO-BMFF (MP4/MOV) file, as its header declares it.
struct IsoBox: Equatable, Sendable {
    /// The four-character type, such as "moov" or "mdat".
    let type: String
    /// Where the box starts in the file.
    let offset: Int
    /// The header's length: 8 bytes, or 16 with a 64-bit size.
    let headerLength: Int
    /// The declared length, header included.
    let length: Int

    /// The byte just past the box, as declared.
    var end: Int { offset + length }
    /// The declared length of the box's contents.
    var bodyLength: Int { length - headerLength }
    /// False when the declared length cannot even hold the header.
    var isValid: Bool { length >= headerLength }

    /// Creates a box description.
    init(type: String, offset: Int, headerLength: Int = 8, length: Int) {
        (self.type, self.offset, self.headerLength, self.length) = (type, offset, headerLength, length)
    }

    /// The file's top-level boxes in order, reading only their headers; nil when the file cannot be read.
    ///
    /// The walk stops after a box with an invalid length or one that runs past `size`, so only the last box
    /// returned can be either.
    static func topLevel(path: String, size: Int) -> [IsoBox]? {
        guard let file = OpenFile.reading(path) else { return nil }
        var boxes: [IsoBox] = []
        var offset = 0
        while offset + 8 <= size {
            guard let header = file.read(upTo: 16, at: offset), header.count >= 8 else { return nil }
            let box = parse(header, at: offset, fileSize: size)
            boxes.append(box)
            guard box.isValid, box.end <= size else { break }
            offset = box.end
        }
        return boxes
    }

    /// The box whose header bytes are `bytes` (8 or more), at `offset` in a file of `fileSize` bytes.
    static func parse(_ bytes: [UInt8], at offset: Int, fileSize: Int) -> IsoBox {
        let type = String(decoding: bytes[4..<8], as: UTF8.self)
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        if length == 1, bytes.count >= 16 {
            // A 64-bit size beyond Int's range is as invalid as a too-small one.
            let large = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return IsoBox(type: type, offset: offset, headerLength: 16, length: large <= UInt64(Int.max / 2) ? Int(large) : 0)
        }
        // Size 0 means the box runs to the end of the file.
        return IsoBox(type: type, offset: offset, length: length == 0 ? fileSize - offset : length)
    }
}

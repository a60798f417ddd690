import Foundation
import VideoToyPOSIX

/// Reads the picture size an ISO-BMFF (MP4/MOV) file declares, without any decoder.
///
/// When the installed decoder refuses a stream, the discoverer lists no stream at all; the size from the
/// video track's header is then the most useful thing to tell the user.
enum IsoVideoSize {
    /// Largest `moov` box read into memory.
    private static let moovLimit = 64 << 20

    /// Width and height of the first video track, from its `tkhd` box.
    static func of(path: String, size: Int) -> (width: Int, height: Int)? {
        guard let moov = IsoBox.topLevel(path: path, size: size)?.first(where: { $0.type == "moov" }), moov.isValid,
            moov.length <= moovLimit, let file = OpenFile.reading(path),
            let body = file.read(upTo: moov.bodyLength, at: moov.offset + moov.headerLength)
        else { return nil }
        return videoTrackSize(in: body)
    }

    /// Looks through `moov`'s children for a `trak` whose handler is `vide`, and reads its `tkhd` size.
    private static func videoTrackSize(in moov: [UInt8]) -> (width: Int, height: Int)? {
        for trak in children(of: moov[...]) where trak.type == "trak" {
            let boxes = children(of: trak.body)
            let isVideo =
                boxes.first { $0.type == "mdia" }.map { mdia in
                    children(of: mdia.body).contains {
                        $0.type == "hdlr" && $0.body.count >= 12
                            && String(decoding: $0.body.dropFirst(8).prefix(4), as: UTF8.self) == "vide"
                    }
                } ?? false
            guard isVideo, let tkhd = boxes.first(where: { $0.type == "tkhd" }), tkhd.body.count >= 84 else { continue }
            // The last 8 bytes of tkhd are width and height in 16.16 fixed point.
            let end = tkhd.body.endIndex
            let width = tkhd.body[(end - 8)..<(end - 6)].reduce(0) { $0 << 8 | Int($1) }
            let height = tkhd.body[(end - 4)..<(end - 2)].reduce(0) { $0 << 8 | Int($1) }
            return width > 0 && height > 0 ? (width, height) : nil
        }
        return nil
    }

    private struct Box {
        let type: String
        let body: ArraySlice<UInt8>
    }

    private static func children(of data: ArraySlice<UInt8>) -> [Box] {
        var boxes: [Box] = []
        var index = data.startIndex
        while index + 8 <= data.endIndex {
            let length = data[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length >= 8, index + length <= data.endIndex else { break }
            boxes.append(Box(type: String(decoding: data[index + 4..<index + 8], as: UTF8.self), body: data[index + 8..<index + length]))
            index += length
        }
        return boxes
    }
}

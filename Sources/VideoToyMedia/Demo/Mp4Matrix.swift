import Foundation

/// Rewrites the display matrix in an MP4 video track's header, which is how phones record rotation.
enum Mp4Matrix {
    /// Sets the video track's matrix to a clockwise turn of `degrees` (90, 180 or 270).
    static func rotateVideoTrack(at path: String, degrees: Int) throws {
        let one: Int32 = 0x10000, minusOne: Int32 = -0x10000
        // Rows a b u / c d v / x y w as qtdemux reads them (16.16 fixed point, w is 2.30).
        let matrix: [Int32]
        switch degrees {
        case 90: matrix = [0, one, 0, minusOne, 0, 0, 0, 0, 0x4000_0000]
        case 180: matrix = [minusOne, 0, 0, 0, minusOne, 0, 0, 0, 0x4000_0000]
        case 270: matrix = [0, minusOne, 0, one, 0, 0, 0, 0, 0x4000_0000]
        default: throw PipelineRunner.Failure(description: "Unsupported rotation \(degrees).")
        }
        var data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let tkhd = videoTrackHeader(in: data) else {
            throw PipelineRunner.Failure(description: "No video track header in \(path).")
        }
        // tkhd: size, type, version/flags, then times, ids and reserved fields before the matrix.
        let version = data[tkhd + 8]
        let matrixOffset = tkhd + 12 + (version == 1 ? 32 : 20) + 8 + 8
        for (index, value) in matrix.enumerated() {
            let bits = UInt32(bitPattern: value)
            for byte in 0..<4 { data[matrixOffset + index * 4 + byte] = UInt8(truncatingIfNeeded: bits >> (24 - 8 * byte)) }
        }
        try Data(data).write(to: URL(fileURLWithPath: path))
    }

    /// The offset of the `tkhd` box in the first `trak` whose handler is `vide`.
    private static func videoTrackHeader(in data: [UInt8]) -> Int? {
        var searchFrom = 0
        while let trak = find("trak", in: data, from: searchFrom) {
            let size = data[trak..<trak + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(data.count, trak + max(size, 8))
            if let hdlr = find("hdlr", in: data, from: trak, before: end),
                hdlr + 20 <= end, String(decoding: data[hdlr + 16..<hdlr + 20], as: UTF8.self) == "vide"
            {
                return find("tkhd", in: data, from: trak, before: end)
            }
            searchFrom = end
        }
        return nil
    }

    /// The start (size field) of the first box named `type` at or after `from`.
    private static func find(_ type: String, in data: [UInt8], from: Int, before end: Int? = nil) -> Int? {
        let needle = Array(type.utf8), limit = (end ?? data.count) - 4
        var index = max(from + 4, 4)
        while index <= limit {
            if data[index] == needle[0], Array(data[index..<index + 4]) == needle { return index - 4 }
            index += 1
        }
        return nil
    }
}

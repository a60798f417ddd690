import VideoToyCore

/// Reads and inserts PNG `tEXt` chunks.
enum PNGChunks {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The `tEXt` keywords and values before the image data; empty if the bytes are not a PNG.
    static func textChunks(_ bytes: [UInt8]) -> [String: String] {
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return [:] }
        var result: [String: String] = [:]
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= bytes.count else { break }
            if type == "IDAT" || type == "IEND" { break }
            if type == "tEXt", let zero = bytes[start..<start + length].firstIndex(of: 0) {
                // tEXt is Latin-1; the keys and values the spec uses (URIs, numbers) are ASCII.
                let key = String(bytes[start..<zero].map { Character(Unicode.Scalar($0)) })
                let value = String(bytes[(zero + 1)..<(start + length)].map { Character(Unicode.Scalar($0)) })
                result[key] = value
            }
            offset = start + length + 4
        }
        return result
    }

    /// `png` with `text` chunks inserted right after its header chunk.
    static func inserting(text: [(String, String)], into png: [UInt8]) -> [UInt8] {
        guard png.count > 33, Array(png[0..<8]) == signature else { return png }
        let headerEnd = 8 + 4 + 4 + 13 + 4
        var out = Array(png[0..<headerEnd])
        for (key, value) in text {
            var body = Array("tEXt".utf8) + Array(key.utf8) + [0]
            body += value.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
            let length = UInt32(body.count - 4)
            out += withUnsafeBytes(of: length.bigEndian, Array.init)
            out += body
            out += withUnsafeBytes(of: CRC32.checksum(body).bigEndian, Array.init)
        }
        out += png[headerEnd...]
        return out
    }
}

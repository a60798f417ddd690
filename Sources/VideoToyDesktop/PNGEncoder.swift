import VideoToyCore

/// Encodes a video frame as a PNG, so a poster can be handed to MPRIS clients as a file.
///
/// The image data is stored uncompressed (deflate "stored" blocks): posters are small, and this needs no
/// codec library.
public enum PNGEncoder {
    /// The PNG bytes of `frame` (BGRA in, RGB out).
    public static func encode(_ frame: VideoFrame) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((frame.width * 3 + 1) * frame.height)
        withExtendedLifetime(frame.owner) {
            for y in 0..<frame.height {
                // Filter type 0 (None) on every row: prediction would only help a compressor, and there is none.
                raw.append(0)
                let row = frame.bytes + y * frame.stride
                for x in 0..<frame.width {
                    let pixel = row + x * 4
                    raw.append(pixel.load(fromByteOffset: 2, as: UInt8.self))
                    raw.append(pixel.load(fromByteOffset: 1, as: UInt8.self))
                    raw.append(pixel.load(as: UInt8.self))
                }
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(frame.width)) + bigEndian(UInt32(frame.height))
        // 8 bits per channel, colour type 2 (RGB): the alpha of a video frame is always opaque, so it is dropped.
        header += [8, 2, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out.append(last)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

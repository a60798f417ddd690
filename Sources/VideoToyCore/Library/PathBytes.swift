/// A lossless mapping between a file path's bytes and a Swift `String`, so names that are not UTF-8 still open.
///
/// Linux file names are bytes. An old camera card, a Windows share mounted without `iocharset=utf8` or an old
/// archive leaves names in Latin-1 or Windows-1252 (`café` as `63 61 66 E9`), which is not valid UTF-8 and which
/// a Swift `String` cannot hold. VideoToy carries every path as a String made by `decode`, and every call that
/// reaches the operating system turns it back into the original bytes with `encode` (or `withCString`).
///
/// Valid UTF-8 decodes as usual, so most paths are unchanged. Each byte that is not part of a valid sequence
/// becomes one private-use scalar, U+10FF00 + byte (U+10FF80…U+10FFFF, as only bytes 0x80…0xFF can be invalid).
/// That range is the end of plane 16's private-use area: no character set assigns it and no input method types
/// it, so real names essentially never contain it; one that does anyway is escaped byte by byte like an invalid
/// sequence, so `encode(decode(bytes)) == bytes` holds for every byte sequence. Mapped strings are valid
/// Unicode, so they round-trip through UTF-8 files (the settings key file, the probe cache, the events log).
///
/// `display` is the form a person reads (rows, the terminal): the escaped bytes read as Windows-1252.
public enum PathBytes {
    /// Byte `b` (0x80…0xFF) that is not part of valid UTF-8 is carried as the scalar `escapeBase + b`.
    public static let escapeBase: UInt32 = 0x10FF00

    /// The string for the bytes of a path or file name; never fails, and `encode` gives the bytes back.
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let valid = String(validating: bytes, as: UTF8.self), !containsRawBytes(valid) { return valid }
        var scalars = String.UnicodeScalarView()
        var rest = bytes[...]
        while !rest.isEmpty {
            // A fresh parser per scalar: on an error it reports how many bytes to skip, which are then escaped.
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = rest.makeIterator()
            let length: Int
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                length = encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                if escapedByte(scalar) == nil { scalars.append(scalar) } else { rest.prefix(length).forEach { scalars.append(escape($0)) } }
            case .error(let count):
                length = count
                rest.prefix(length).forEach { scalars.append(escape($0)) }
            case .emptyInput:
                length = rest.count
            }
            rest = rest.dropFirst(length)
        }
        return String(scalars)
    }

    /// The string for a NUL-terminated path from C (argv, `g_file_get_path`, `realpath`).
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The path's bytes as the operating system knows them: the exact inverse of `decode`.
    public static func encode(_ path: String) -> [UInt8] {
        guard containsRawBytes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) { bytes.append(byte) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// Calls `body` with the path's real bytes as a NUL-terminated C string, for `open`, `stat` and GLib calls.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        guard containsRawBytes(path) else { return try path.withCString(body) }
        let bytes = encode(path) + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// True when `path` carries bytes that are not UTF-8 (its name on disk is in a legacy encoding).
    public static func containsRawBytes(_ path: String) -> Bool {
        // Every escape scalar's UTF-8 form starts F4 8F BE or F4 8F BF; the byte scan keeps the common case cheap.
        path.utf8.contains(0xF4) && path.unicodeScalars.contains { escapedByte($0) != nil }
    }

    /// The readable form of a path or name: each byte that is not UTF-8 read as Windows-1252.
    ///
    /// Names that are not UTF-8 almost always come from a Western code page (camera cards, Windows shares,
    /// old archives), where Windows-1252 (a superset of Latin-1's printable characters) shows exactly the name
    /// the user gave, `café.mp4`. Where the guess is wrong the text is odd but still one distinct character per
    /// byte, which is more useful than U+FFFD: that shows nothing of the name and makes different names look
    /// alike. The five bytes Windows-1252 leaves undefined show as U+FFFD.
    public static func display(_ path: String) -> String {
        guard containsRawBytes(path) else { return path }
        var scalars = String.UnicodeScalarView()
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) { scalars.append(windows1252(byte)) } else { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The byte an escape scalar stands for, or nil for an ordinary scalar.
    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF ? UInt8(scalar.value - escapeBase) : nil
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// Windows-1252's characters for 0x80…0x9F, where Latin-1 has invisible control codes; 0 where undefined.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let value = byte < 0xA0 ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
        return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value)!
    }
}

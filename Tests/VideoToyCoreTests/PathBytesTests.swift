import Testing
import VideoToyCore
import VideoToyTesting

/// The lossless mapping between path bytes and strings, for names that are not UTF-8.
@Suite("PathBytes")
struct PathBytesTests {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test(
        "valid UTF-8 decodes to the usual string and encodes to the same bytes",
        arguments: [
            "", "/home/me/Videos/clip.mp4", "café.mp4", "e\u{301}.mp4", "日本語.mkv", "🎬 film.webm", "tab\there",
            "\u{10FF41}", "\u{10FF7F}", "\u{10FEFF}", "\u{F0000}\u{E000}",
        ])
    func validUnchanged(text: String) {
        let decoded = PathBytes.decode(Array(text.utf8))
        // Scalars, not ==: String equality would accept a normalised form.
        #expect(scalars(decoded) == scalars(text))
        #expect(PathBytes.encode(text) == Array(text.utf8))
        #expect(!PathBytes.containsRawBytes(text))
        #expect(PathBytes.display(text) == text)
    }

    @Test(
        "each byte that is not part of valid UTF-8 becomes U+10FF00 + byte",
        arguments: [
            ([0x63, 0x61, 0x66, 0xE9], "caf\u{10FFE9}"),
            ([0xC3], "\u{10FFC3}"),
            ([0xC3, 0x41], "\u{10FFC3}A"),
            ([0xC0, 0x80], "\u{10FFC0}\u{10FF80}"),
            ([0xED, 0xA0, 0x80], "\u{10FFED}\u{10FFA0}\u{10FF80}"),
            ([0xF4, 0x90, 0x80, 0x80], "\u{10FFF4}\u{10FF90}\u{10FF80}\u{10FF80}"),
            ([0xFF, 0xFE, 0x2F, 0xE9], "\u{10FFFF}\u{10FFFE}/\u{10FFE9}"),
            ([0xC3, 0xA9, 0xE9], "é\u{10FFE9}"),
            // A real U+10FFE9 in a name would read back as the byte 0xE9: it is escaped byte by byte instead.
            ([0xF4, 0x8F, 0xBF, 0xA9], "\u{10FFF4}\u{10FF8F}\u{10FFBF}\u{10FFA9}"),
        ] as [([UInt8], String)])
    func escapes(bytes: [UInt8], mapped: String) {
        let decoded = PathBytes.decode(bytes)
        #expect(scalars(decoded) == scalars(mapped))
        #expect(PathBytes.encode(decoded) == bytes)
        #expect(PathBytes.containsRawBytes(decoded))
    }

    @Test("any byte sequence survives decode then encode, and different bytes give different strings (seeded)")
    func randomRoundTrip() {
        var random = SeededGenerator(seed: 0x5EED_BA7E)
        // Pieces that make invalid and valid sequences likely: ASCII, lone high bytes, real multi-byte
        // characters, and the UTF-8 of the escape range itself.
        let pieces: [[UInt8]] = [
            [0x2F], [0x61], [0x2E], [0xE9], [0x80], [0xBF], [0xC3], [0xF4], [0xFF], [0xC3, 0xA9],
            [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x8E, 0xAC], [0xF4, 0x8F, 0xBF], [0xF4, 0x8F, 0xBE, 0x80],
            [0xED, 0xA0], [0xE0, 0x80],
        ]
        var seen: [[UInt32]: [UInt8]] = [:]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                bytes +=
                    Bool.random(using: &random)
                    ? pieces.randomElement(using: &random)!
                    : [UInt8.random(in: 1...255, using: &random)]
            }
            let decoded = PathBytes.decode(bytes)
            #expect(PathBytes.encode(decoded) == bytes, "\(bytes)")
            let viaC = PathBytes.withCString(decoded) { pointer in
                (0..<bytes.count + 1).map { UInt8(bitPattern: pointer[$0]) }
            }
            #expect(viaC == bytes + [0], "\(bytes)")
            let key = scalars(decoded)
            if let other = seen[key] { #expect(other == bytes, "\(other) and \(bytes) both map to \(key)") }
            seen[key] = bytes
        }
        #expect(seen.count > 2000, "the generator made too few distinct sequences")
    }

    @Test("a C string from argv or GLib decodes like its bytes")
    func cString() {
        let bytes: [CChar] = [0x2F, 0x74, 0x2F, 0x63, 0x61, 0x66, CChar(bitPattern: 0xE9), 0]
        let decoded = bytes.withUnsafeBufferPointer { PathBytes.decode(cString: $0.baseAddress!) }
        #expect(scalars(decoded) == scalars("/t/caf\u{10FFE9}"))
    }

    @Test(
        "the readable form reads escaped bytes as Windows-1252",
        arguments: [
            ("caf\u{10FFE9}.mp4", "café.mp4"),
            ("/m\u{10FFE9}dia/\u{10FFC5}ngstr\u{10FFF6}m.avi", "/média/Ångström.avi"),
            ("\u{10FF80}\u{10FF92}\u{10FF9F}", "€’Ÿ"),
            ("a\u{10FF81}b\u{10FF9D}", "a\u{FFFD}b\u{FFFD}"),
            ("\u{10FFA0}\u{10FFFF}", "\u{A0}ÿ"),
            ("plain.mp4", "plain.mp4"),
        ])
    func display(mapped: String, shown: String) {
        #expect(scalars(PathBytes.display(mapped)) == scalars(shown))
    }

    @Test("names that differ in one byte still read differently")
    func displayKeepsNamesApart() {
        let shown = Set((0xA0...0xFF).map { PathBytes.display(PathBytes.decode([0x78, UInt8($0)])) })
        #expect(shown.count == 0x60)
    }
}

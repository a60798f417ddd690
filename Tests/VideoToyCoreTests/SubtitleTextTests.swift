import Testing
import VideoToyCore

/// Subtitle bytes in every encoding people save them in, and the files that are not text at all.
@Suite("Subtitle text decoding")
struct SubtitleTextTests {
    struct DecodeCase: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: [UInt8]
        let expected: Result<String, SubtitleProblem>
        var testDescription: String { label }
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }
    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
    }

    static let cue = "1\n00:00:01,000 --> 00:00:02,000\nÇa déjà, l’été ?\n"
    static let pngHeader: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x07, 0x80, 0x00, 0x00, 0x04, 0x38, 0x08, 0x06, 0x00, 0x00, 0x00, 0xE8, 0xD3, 0xC1,
    ]
    static let mp4Header: [UInt8] = [
        0x00, 0x00, 0x00, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6F, 0x6D, 0x00, 0x00, 0x02, 0x00,
        0x69, 0x73, 0x6F, 0x6D, 0x69, 0x73, 0x6F, 0x32, 0x61, 0x76, 0x63, 0x31, 0x6D, 0x70, 0x34, 0x31,
    ]

    static let decodeCases: [DecodeCase] = [
        DecodeCase(label: "UTF-8", bytes: utf8("café\n"), expected: .success("café\n")),
        DecodeCase(label: "UTF-8 with a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + utf8(cue), expected: .success(cue)),
        DecodeCase(label: "UTF-16 LE with a byte order mark", bytes: [0xFF, 0xFE] + utf16(cue, bigEndian: false), expected: .success(cue)),
        DecodeCase(label: "UTF-16 BE with a byte order mark", bytes: [0xFE, 0xFF] + utf16(cue, bigEndian: true), expected: .success(cue)),
        DecodeCase(label: "UTF-16 LE without a mark", bytes: utf16(cue, bigEndian: false), expected: .success(cue)),
        DecodeCase(label: "UTF-16 BE without a mark", bytes: utf16(cue, bigEndian: true), expected: .success(cue)),
        DecodeCase(
            label: "UTF-16 LE beyond the BMP", bytes: [0xFF, 0xFE] + utf16("ok 🎬\n", bigEndian: false), expected: .success("ok 🎬\n")),
        DecodeCase(
            label: "UTF-32 LE with a byte order mark", bytes: [0xFF, 0xFE, 0x00, 0x00] + utf32(cue, bigEndian: false),
            expected: .success(cue)),
        DecodeCase(
            label: "UTF-32 BE with a byte order mark", bytes: [0x00, 0x00, 0xFE, 0xFF] + utf32(cue, bigEndian: true),
            expected: .success(cue)),
        DecodeCase(
            label: "Windows-1252 é, €, œ and quotes",
            bytes: utf8("caf") + [0xE9, 0x20, 0x80, 0x20, 0x63, 0x9C, 0x75, 0x72, 0x20, 0x93, 0x6F, 0x6B, 0x94],
            expected: .success("café € cœur “ok”")),
        DecodeCase(
            label: "Latin-1", bytes: [0xDC, 0x62, 0x65, 0x72, 0x20, 0x64, 0x69, 0x65, 0x20, 0x53, 0x74, 0x72, 0x61, 0xDF, 0x65, 0x0A],
            expected: .success("Über die Straße\n")),
        DecodeCase(
            label: "Windows-1252's undefined bytes as Latin-1", bytes: [0x61, 0x81, 0x8D, 0xE9], expected: .success("a\u{81}\u{8D}é")),
        DecodeCase(
            label: "UTF-8 with one stray Windows-1252 byte", bytes: utf8("café, déjà, où ") + [0xE9],
            expected: .success("café, déjà, où é")),
        DecodeCase(label: "CRLF line ends", bytes: utf8("a\r\nb\r\n\r\nc"), expected: .success("a\nb\n\nc")),
        DecodeCase(label: "CR line ends", bytes: utf8("a\rb\r\rc\r"), expected: .success("a\nb\n\nc\n")),
        DecodeCase(label: "UTF-16 CRLF line ends", bytes: [0xFF, 0xFE] + utf16("a\r\nb", bigEndian: false), expected: .success("a\nb")),
        DecodeCase(label: "zero padding and a DOS end mark", bytes: utf8("text\n") + [0x1A, 0, 0, 0, 0], expected: .success("text\n")),
        DecodeCase(label: "a PNG", bytes: pngHeader, expected: .failure(.notText)),
        DecodeCase(label: "an MP4", bytes: mp4Header, expected: .failure(.notText)),
        DecodeCase(label: "control bytes", bytes: [0x01, 0x02, 0x03, 0x41, 0x04, 0x05, 0x42, 0x06], expected: .failure(.notText)),
        DecodeCase(label: "empty", bytes: [], expected: .failure(.empty)),
        DecodeCase(label: "white space only", bytes: utf8(" \n\t\r\n  "), expected: .failure(.empty)),
        DecodeCase(label: "a byte order mark only", bytes: [0xEF, 0xBB, 0xBF], expected: .failure(.empty)),
        DecodeCase(label: "UTF-16 white space only", bytes: [0xFF, 0xFE] + utf16(" \r\n", bigEndian: false), expected: .failure(.empty)),
    ]

    @Test("Bytes to text", arguments: decodeCases)
    func decode(_ item: DecodeCase) {
        #expect(SubtitleText.decode(item.bytes) == item.expected)
    }

    @Test("Damage after a text start stays for the parser to place")
    func damageLater() throws {
        let head = String(repeating: "1\n00:00:01,000 --> 00:00:02,000\nSome words here\n\n", count: 40)
        let bytes = Self.utf8(head) + [UInt8](repeating: 0, count: 64) + Self.utf8("\nmore\n")
        let text = try SubtitleText.decode(bytes).get()
        #expect(text.hasPrefix(head))
        #expect(text.hasSuffix("\u{FFFD}\nmore\n"))
        #expect(!text.unicodeScalars.contains("\u{0}"))
    }
}

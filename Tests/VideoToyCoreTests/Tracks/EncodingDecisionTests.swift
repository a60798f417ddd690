import Testing
import VideoToyCore

/// The rule that picks a subtitle file's encoding, as a table: the user's pick, a byte order mark, UTF-8, the
/// detector's guesses with the user's language breaking a tie, that language's usual encoding, Windows-1252.
@Suite("Encoding decision")
struct EncodingDecisionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        var forced: TextEncoding?
        var language: String?
        var guesses: [EncodingGuess] = []
        let expected: EncodingDecision
        var testDescription: String { label }
    }

    // "Привет" in Windows-1251: no valid UTF-8 in it.
    static let cyrillic: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]

    static let rows: [Row] = [
        Row(
            label: "a forced encoding wins over valid UTF-8", bytes: Array("café".utf8), forced: .windows1252,
            expected: .init(.windows1252, .forced)),
        Row(
            label: "a forced encoding wins over a byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x41], forced: .big5,
            expected: .init(.big5, .forced)),
        Row(
            label: "UTF-8's byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0xCF], guesses: [.init(.windows1251)],
            expected: .init(.utf8, .byteOrderMark)),
        Row(label: "UTF-16's byte order mark", bytes: [0xFF, 0xFE, 0x41, 0], expected: .init(nil, .byteOrderMark)),
        Row(
            label: "ASCII is UTF-8", bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8), guesses: [.init(.big5)],
            expected: .init(.utf8, .unicode)),
        Row(
            label: "valid UTF-8 is not asked about", bytes: Array("Привет, 你好".utf8), guesses: [.init(.gb18030)],
            expected: .init(.utf8, .unicode)),
        Row(label: "UTF-16 without a mark", bytes: Array("Hi there".utf8).flatMap { [$0, 0] }, expected: .init(nil, .unicode)),
        Row(label: "the detector's answer", bytes: cyrillic, guesses: [.init(.windows1251)], expected: .init(.windows1251, .detected)),
        Row(
            label: "the best of several guesses", bytes: cyrillic, language: "ru",
            guesses: [.init(.koi8R, confidence: 0.9), .init(.windows1251, confidence: 0.5)], expected: .init(.koi8R, .detected)),
        Row(
            label: "the user's language breaks a tie", bytes: cyrillic, language: "ru",
            guesses: [.init(.isoGreek, confidence: 0.61), .init(.windows1251, confidence: 0.6)], expected: .init(.windows1251, .detected)),
        Row(
            label: "a tie with no language takes the first", bytes: cyrillic,
            guesses: [.init(.isoGreek, confidence: 0.61), .init(.windows1251, confidence: 0.6)], expected: .init(.isoGreek, .detected)),
        Row(label: "no guess: the language's usual encoding", bytes: cyrillic, language: "uk", expected: .init(.windows1251, .language)),
        Row(label: "no guess, Chinese user", bytes: [0xC4, 0xE3, 0xBA, 0xC3], language: "zh_CN", expected: .init(.gb18030, .language)),
        Row(label: "no guess, no language: Windows-1252", bytes: [0x63, 0x61, 0x66, 0xE9], expected: .init(.windows1252, .fallback)),
        Row(
            label: "no guess, a Western language: Windows-1252", bytes: [0x63, 0x61, 0x66, 0xE9], language: "fr",
            expected: .init(.windows1252, .fallback)),
        Row(
            label: "a UTF-8 guess for bytes that are not UTF-8 is ignored", bytes: cyrillic, guesses: [.init(.utf8)],
            expected: .init(.windows1252, .fallback)),
    ]

    @Test("the encoding each file is read in", arguments: rows)
    func decides(_ row: Row) {
        var asked = false
        let decision = EncodingDecision.decide(row.bytes, forced: row.forced, language: row.language.flatMap(Language.init(tag:))) { _ in
            asked = true
            return row.guesses
        }
        #expect(decision == row.expected)
        // The detector sees only bytes the Unicode checks could not place.
        #expect(asked == (row.expected.reason == .detected || row.expected.reason == .language || row.expected.reason == .fallback))
    }

    @Test("the detector is handed at most the bounded start of a large file")
    func boundedInput() {
        let bytes = [UInt8](repeating: 0xE9, count: 3 << 20)
        var handed = 0
        _ = EncodingDecision.decide(bytes, forced: nil, language: nil) { head in
            handed = head.count
            return []
        }
        #expect(handed == EncodingDecision.detectorBytes)
    }

    @Test("a legacy encoding goes through the converter; Windows-1252 found by elimination keeps the core's reading")
    func converts() throws {
        struct Upper: TextDecoding {
            func detect(_ head: ArraySlice<UInt8>) -> [EncodingGuess] { [] }
            func convert(_ bytes: ArraySlice<UInt8>, from encoding: TextEncoding) -> String { "converted from \(encoding.rawValue)" }
        }
        let bytes = Self.cyrillic
        #expect(try SubtitleText.decode(bytes, as: .init(.windows1251, .detected), decoder: Upper()).get() == "converted from WINDOWS-1251")
        #expect(try SubtitleText.decode(bytes, as: .init(.windows1252, .fallback), decoder: Upper()).get() == "Ïðèâåò")
        #expect(try SubtitleText.decode(bytes, as: .init(.windows1252, .forced), decoder: Upper()).get() == "converted from WINDOWS-1252")
    }

    @Test("encodings read the names detectors and files give them")
    func names() {
        #expect(TextEncoding(name: "GB18030") == .gb18030)
        #expect(TextEncoding(name: "gb2312") == .gb18030)
        #expect(TextEncoding(name: "Shift_JIS") == .shiftJIS)
        #expect(TextEncoding(name: "windows-1251") == .windows1251)
        #expect(TextEncoding(name: "ISO-8859-8-I") == .isoHebrew)
        #expect(TextEncoding(name: "MAC-CENTRALEUROPE") == nil)
    }

    @Test("a forced encoding is remembered with the track choice, and read back after a relaunch")
    func remembered() throws {
        let choice = TrackChoice(subtitles: .track(.sidecar("film.zh.srt")), encoding: .big5)
        #expect(choice.encoded == "subtitles=file/film.zh.srt\nencoding=BIG5")
        #expect(TrackChoice(encoded: choice.encoded) == choice)
        #expect(!TrackChoice(encoding: .gbk).isEmpty)
        var book = TrackBook()
        book.open(ItemID(1), path: "/v/film.mkv", remembered: TrackChoice())
        book.forceEncoding(ItemID(1), .big5)
        let stored = try #require(book.choiceToRemember(ItemID(1)))
        // The next run opens the file with what was stored.
        var next = TrackBook()
        next.open(ItemID(7), path: "/v/film.mkv", remembered: TrackChoice(encoded: stored.encoded))
        #expect(next.forcedEncoding(ItemID(7)) == .big5)
        // "Automatic" over a remembered pick is remembered too.
        next.forceEncoding(ItemID(7), nil)
        #expect(next.forcedEncoding(ItemID(7)) == nil)
        #expect(next.choiceToRemember(ItemID(7))?.encoding == nil)
    }
}

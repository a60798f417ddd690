import Testing
import VideoToyCore

/// SubRip files as people find them: tags, several lines, Windows line ends, and the sloppiness of real files.
@Suite("SubRip parser")
struct SubRipParserTests {
    struct ParseCase: Sendable, CustomTestStringConvertible {
        let label: String
        let text: String
        let expected: [SubtitleCue]
        var testDescription: String { label }
    }

    static func cue(_ start: Int, _ end: Int, _ text: String, _ placement: SubtitlePlacement = .bottom) -> SubtitleCue {
        SubtitleCue(startMs: start, endMs: end, text: text, placement: placement)
    }

    static let parseCases: [ParseCase] = [
        ParseCase(
            label: "tags, two lines, CRLF",
            text: "1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello,</i> <b>world</b>\r\n<font color=\"#ffff00\">second line</font>\r\n\r\n"
                + "2\r\n00:01:03,250 --> 00:01:04,000\r\n{\\an8}<u>At the top</u>\r\n\r\n",
            expected: [
                SubtitleCue(
                    startMs: 1000, endMs: 2500,
                    styled: StyledText([
                        StyledRun("Hello,", SubtitleStyle(isItalic: true)), StyledRun(" "),
                        StyledRun("world\n", SubtitleStyle(isBold: true)),
                        StyledRun("second line", SubtitleStyle(colour: SubtitleColour(rgb: 0xFFFF00))),
                    ])),
                SubtitleCue(
                    startMs: 63250, endMs: 64000, styled: StyledText([StyledRun("At the top", SubtitleStyle(isUnderlined: true))]),
                    placement: .top),
            ]),
        ParseCase(
            label: "hours past ten and big indexes",
            text: "1041\n12:34:56,789 --> 12:34:58,000\nLate\n",
            expected: [cue(45_296_789, 45_298_000, "Late")]),
        ParseCase(
            label: "no final blank line, trailing spaces",
            text: "1  \n00:00:01,000 --> 00:00:02,000   \nOne   \n\n2\n00:00:03,000 --> 00:00:04,000\nTwo",
            expected: [cue(1000, 2000, "One"), cue(3000, 4000, "Two")]),
        ParseCase(
            label: "numbering gaps and no numbers",
            text: "7\n00:00:01,000 --> 00:00:02,000\nA\n\n00:00:03,000 --> 00:00:04,000\nB\n\n99\n00:00:05,000 --> 00:00:06,000\nC\n",
            expected: [cue(1000, 2000, "A"), cue(3000, 4000, "B"), cue(5000, 6000, "C")]),
        ParseCase(
            label: "dots, no hours, short fractions, no spaces round the arrow",
            text: "1\n00:00:01.5-->00:00:02.25\nA\n\n2\n01:02,000 --> 01:03,000\nB\n",
            expected: [cue(1500, 2250, "A"), cue(62000, 63000, "B")]),
        ParseCase(
            label: "no blank line between cues",
            text: "1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n00:00:05,000 --> 00:00:06,000\nC\n",
            expected: [cue(1000, 2000, "A"), cue(3000, 4000, "B"), cue(5000, 6000, "C")]),
        ParseCase(
            label: "a blank line inside a cue ends it",
            text: "1\n00:00:01,000 --> 00:00:02,000\nFirst part\n\nleft over\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n",
            expected: [cue(1000, 2000, "First part"), cue(3000, 4000, "B")]),
        ParseCase(
            label: "cues out of order are sorted",
            text: "1\n00:00:05,000 --> 00:00:06,000\nLater\n\n2\n00:00:01,000 --> 00:00:02,000\nSooner\n",
            expected: [cue(1000, 2000, "Sooner"), cue(5000, 6000, "Later")]),
        ParseCase(
            label: "coordinates after the timing, angle brackets that are no tags",
            text: "1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:200 Y1:10 Y2:20\nI <3 you, a < b\n",
            expected: [cue(1000, 2000, "I <3 you, a < b")]),
        ParseCase(
            label: "a byte order mark and a cue with no text",
            text: "\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n<i></i>Text\n",
            expected: [cue(3000, 4000, "Text")]),
        ParseCase(
            label: "WebVTT in a .srt file",
            text: "WEBVTT\n\n00:01.000 --> 00:02.000 line:0\nTop\n",
            expected: [cue(1000, 2000, "Top", .top)]),
    ]

    @Test("Realistic files", arguments: parseCases)
    func parse(_ item: ParseCase) {
        let document = SubtitleDocument.parse(item.text, format: .subRip)
        #expect(document.cues == item.expected)
        #expect(document.problem == nil)
    }

    @Test("Read from Windows-1252 bytes with CRLF")
    func readBytes() {
        let bytes: [UInt8] = Array("1\r\n00:00:01,000 --> 00:00:02,000\r\nD".utf8) + [0xE9, 0x6A, 0xE0, 0x20, 0x80, 0x35] + [0x0D, 0x0A]
        let document = SubtitleDocument.read(bytes, format: .subRip)
        #expect(document == SubtitleDocument(cues: [Self.cue(1000, 2000, "Déjà €5")], problem: nil))
    }

    static let problemCases: [(String, SubtitleProblem)] = [
        ("Just some words\nin a file\n", .notA(.subRip)),
        ("1\n00:00:01,000 --> 00:00:02,000\n\n", .noSubtitles),
        ("<html><body>Not found</body></html>\n", .notA(.subRip)),
    ]

    @Test("Files without cues", arguments: problemCases)
    func noCues(_ text: String, _ problem: SubtitleProblem) {
        let document = SubtitleDocument.parse(text, format: .subRip)
        #expect(document.cues.isEmpty)
        #expect(document.problem == problem)
    }
}

import Testing
import VideoToyCore

/// WebVTT files with their header, ids, settings, tags and the blocks that carry no cue.
@Suite("WebVTT parser")
struct WebVTTParserTests {
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
            label: "header metadata, NOTE, STYLE and REGION skipped, ids, CRLF",
            text: "WEBVTT - A film\r\nKind: captions\r\nLanguage: fr\r\n\r\nSTYLE\r\n::cue { color: yellow }\r\n\r\n"
                + "REGION\r\nid:fred width:40%\r\n\r\nNOTE a comment\r\nthat runs on\r\n\r\n"
                + "intro\r\n00:01.000 --> 00:02.500\r\nBonjour\r\n\r\n"
                + "00:00:03.000 --> 00:00:04.000 align:start\r\n<v Roger>Deux</v>\r\n<c.yellow>lignes</c>\r\n",
            expected: [
                cue(1000, 2500, "Bonjour"),
                SubtitleCue(
                    startMs: 3000, endMs: 4000,
                    styled: StyledText([StyledRun("Deux\n"), StyledRun("lignes", SubtitleStyle(colour: SubtitleColour(rgb: 0xFFFF00)))]),
                    placement: SubtitlePlacement(row: .bottom, column: .left)),
            ]),
        ParseCase(
            label: "timestamps inside, character references, ruby",
            text: "WEBVTT\n\n1\n00:05.000 --> 00:07.000\nOne <00:05.500>two <00:06.000>three\nFish &amp; chips &lt;3 &#233;t&#xE9;\n",
            expected: [cue(5000, 7000, "One two three\nFish & chips <3 été")]),
        ParseCase(
            label: "line settings place the cue",
            text: "WEBVTT\n\n00:01.000 --> 00:02.000 line:0\nA\n\n00:03.000 --> 00:04.000 line:-1\nB\n\n"
                + "00:05.000 --> 00:06.000 position:10% line:10%,start\nC\n\n00:07.000 --> 00:08.000 line:90%\nD\n\n"
                + "00:09.000 --> 00:10.000 line:2\nE\n\n00:11.000 --> 00:12.000 align:end\nF\n",
            expected: [
                cue(1000, 2000, "A", .top), cue(3000, 4000, "B"), cue(5000, 6000, "C", .top), cue(7000, 8000, "D"),
                cue(9000, 10000, "E", .top), cue(11000, 12000, "F", SubtitlePlacement(row: .bottom, column: .right)),
            ]),
        ParseCase(
            label: "an hour and more, no final newline, a BOM",
            text: "\u{FEFF}WEBVTT\n\n01:00:00.000 --> 01:00:01.000\nLate",
            expected: [cue(3_600_000, 3_601_000, "Late")]),
        ParseCase(
            label: "a cue that forgot its blank line",
            text: "WEBVTT\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB\n",
            expected: [cue(1000, 2000, "A"), cue(3000, 4000, "B")]),
    ]

    @Test("Realistic files", arguments: parseCases)
    func parse(_ item: ParseCase) {
        let document = SubtitleDocument.parse(item.text, format: .webVTT)
        #expect(document.cues == item.expected)
        #expect(document.problem == nil)
    }

    static let problemCases: [(String, SubtitleProblem)] = [
        ("1\n00:00:01,000 --> 00:00:02,000\nSubRip really\n", .notA(.webVTT)),
        ("WEBVTTX\n\n00:01.000 --> 00:02.000\nA\n", .notA(.webVTT)),
        ("WEBVTT\n\nNOTE nothing yet\n", .noSubtitles),
        ("WEBVTT\n", .noSubtitles),
    ]

    @Test("Files without cues", arguments: problemCases)
    func noCues(_ text: String, _ problem: SubtitleProblem) {
        let document = SubtitleDocument.parse(text, format: .webVTT)
        #expect(document.cues.isEmpty)
        #expect(document.problem == problem)
    }
}

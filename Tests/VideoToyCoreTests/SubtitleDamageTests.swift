import Testing
import VideoToyCore

/// Files damaged halfway in each format: the cues before the damage are kept, those after it when the parser finds
/// its way back, and the problem names the first damaged line.
@Suite("Subtitle damage")
struct SubtitleDamageTests {
    struct DamageCase: Sendable, CustomTestStringConvertible {
        let label: String
        let format: SubtitleFormat
        let lines: [String]
        let line: Int
        let before: Int
        let after: Int
        var testDescription: String { label }
    }

    /// SubRip cues `range` (1-based), four lines each: index, timing (cue n at n seconds), text, blank line.
    static func srt(_ range: ClosedRange<Int>) -> [String] {
        range.flatMap { n in ["\(n)", "00:00:\(clock(n)),000 --> 00:00:\(clock(n)),900", "Cue \(n)", ""] }
    }

    /// WebVTT's two header lines, then cues `range` at three lines each plus a blank line, without ids.
    static func vtt(_ range: ClosedRange<Int>, header: Bool = true) -> [String] {
        (header ? ["WEBVTT", ""] : []) + range.flatMap { n in ["00:\(clock(n)).000 --> 00:\(clock(n)).900", "Cue \(n)", ""] }
    }

    /// The eight lines before the first event of an ASS script, when `header` is true, then one line per event.
    static func ass(_ range: ClosedRange<Int>, header: Bool = true) -> [String] {
        let top = [
            "[Script Info]", "ScriptType: v4.00+", "", "[V4+ Styles]",
            "Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1", "",
            "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
        ]
        return (header ? top : []) + range.map { n in "Dialogue: 0,0:00:\(clock(n)).00,0:00:\(clock(n)).90,Default,,0,0,0,,Cue \(n)" }
    }

    static func clock(_ seconds: Int) -> String { seconds < 10 ? "0\(seconds)" : "\(seconds)" }

    static let damageCases: [DamageCase] = [
        DamageCase(
            label: "SubRip: a garbled timing line, read on after it", format: .subRip,
            lines: srt(1...12) + ["13", "00:00:1x,000 --> 00:00:13,900", "Cue 13", ""] + srt(14...20), line: 50, before: 12, after: 7),
        DamageCase(
            label: "SubRip: cut short inside a timing line", format: .subRip, lines: srt(1...12) + ["13", "00:00:1"], line: 50,
            before: 12, after: 0),
        DamageCase(label: "SubRip: cut short after an index", format: .subRip, lines: srt(1...12) + ["13"], line: 49, before: 12, after: 0),
        DamageCase(
            label: "SubRip: a cue that ends before it starts", format: .subRip,
            lines: srt(1...12) + ["13", "00:00:13,900 --> 00:00:13,000", "Backwards", ""] + srt(14...20), line: 50, before: 12, after: 7),
        DamageCase(
            label: "SubRip: undecodable bytes between cues", format: .subRip,
            lines: srt(1...3) + ["\u{FFFD}\u{FFFD}x\u{FFFD}", "more junk", ""] + srt(4...5), line: 13, before: 3, after: 2),
        DamageCase(
            label: "SubRip: junk before the first cue", format: .subRip, lines: ["garbage"] + srt(1...5), line: 1, before: 0, after: 5),
        DamageCase(
            label: "WebVTT: a garbled timing line", format: .webVTT,
            lines: vtt(1...12) + ["00:13.000 -> 00:13.900", "Cue 13", ""] + vtt(14...20, header: false), line: 39, before: 12, after: 7),
        DamageCase(
            label: "WebVTT: an id whose timing line is broken", format: .webVTT,
            lines: vtt(1...4) + ["intro", "00:0x.000 --> 00:05.900", "Cue", ""] + vtt(6...7, header: false), line: 16, before: 4, after: 2),
        DamageCase(
            label: "WebVTT: cut short in a timing line", format: .webVTT, lines: vtt(1...12) + ["00:13.000 --> 00:1"], line: 39,
            before: 12, after: 0),
        DamageCase(
            label: "WebVTT: undecodable bytes in a block", format: .webVTT,
            lines: vtt(1...2) + ["\u{FFFD}\u{FFFD}", ""] + vtt(3...4, header: false), line: 9, before: 2, after: 2),
        DamageCase(
            label: "ASS: a garbage line among the events", format: .ass,
            lines: ass(1...12) + ["x\u{FFFD}\u{FFFD}y"] + ass(13...20, header: false),
            line: 21, before: 12, after: 8),
        DamageCase(
            label: "ASS: cut short inside a dialogue", format: .ass, lines: ass(1...12) + ["Dialogue: 0,0:00:13.00,0:00"], line: 21,
            before: 12, after: 0),
        DamageCase(
            label: "ASS: an unreadable time", format: .ass,
            lines: ass(1...3) + ["Dialogue: 0,0:00:0a.00,0:00:04.00,Default,,0,0,0,,Bad"]
                + ass(5...6, header: false), line: 12, before: 3, after: 2),
        DamageCase(
            label: "SSA: an event that ends before it starts", format: .ssa,
            lines: ass(1...2) + ["Dialogue: 0,0:00:09.00,0:00:08.00,Default,,0,0,0,,Bad"], line: 11, before: 2, after: 0),
    ]

    @Test("Damage halfway", arguments: damageCases)
    func damage(_ item: DamageCase) {
        let document = SubtitleDocument.parse(item.lines.joined(separator: "\n"), format: item.format)
        #expect(document.problem == .damaged(atLine: item.line, before: item.before, after: item.after))
        #expect(document.cues.count == item.before + item.after)
        // The kept cues are the file's own, in order: cue n at n seconds.
        let numbers = document.cues.map { Int($0.text.split(separator: " ").last ?? "") }
        #expect(document.cues.map(\.startMs) == numbers.map { ($0 ?? -1) * 1000 })
        #expect(Array(numbers.prefix(item.before)) == (0..<item.before).map { $0 + 1 })
    }

    @Test("Damage halfway in every format", arguments: SubtitleFormat.allCases)
    func everyFormat(_ format: SubtitleFormat) {
        let lines: [String]
        switch format {
        case .subRip: lines = Self.srt(1...12) + ["13", "00:00:13.000 => 00:00:14,000"]
        case .webVTT: lines = Self.vtt(1...12) + ["00:13.000 ==> 00:14.000"]
        case .ass, .ssa: lines = Self.ass(1...12) + ["Dialogue 0,0:00:13.00,0:00:14.00,Default,,0,0,0,,Cue 13"]
        }
        let document = SubtitleDocument.parse(lines.joined(separator: "\n"), format: format)
        #expect(document.cues.count == 12)
        #expect(document.problem == .damaged(atLine: lines.count, before: 12, after: 0))
    }

    @Test("A film's worth of cues in every format", arguments: SubtitleFormat.allCases)
    func large(_ format: SubtitleFormat) throws {
        let count = 10_000
        let lines: [String]
        switch format {
        case .subRip:
            lines = (0..<count).flatMap { n in
                ["\(n + 1)", "\(Self.clockText(n * 700)) --> \(Self.clockText(n * 700 + 650))", "Cue \(n)", ""]
            }
        case .webVTT:
            lines =
                ["WEBVTT", ""]
                + (0..<count).flatMap { n in
                    ["\(Self.clockText(n * 700, mark: ".")) --> \(Self.clockText(n * 700 + 650, mark: "."))", "Cue \(n)", ""]
                }
        case .ass, .ssa:
            lines =
                Self.ass(1...1).dropLast()
                + (0..<count).map { n in
                    "Dialogue: 0,\(Self.clockText(n * 700, mark: ".")),\(Self.clockText(n * 700 + 650, mark: ".")),Default,,0,0,0,,Cue \(n)"
                }
        }
        let document = SubtitleDocument.parse(lines.joined(separator: "\n"), format: format)
        #expect(document.problem == nil)
        #expect(document.cues.count == count)
        let last = try #require(document.cues.last)
        #expect(last.startMs == (count - 1) * 700 && last.endMs == (count - 1) * 700 + 650 && last.text == "Cue \(count - 1)", "\(last)")
    }

    /// A time as "hh:mm:ss,mmm", or with `mark` before the milliseconds.
    static func clockText(_ ms: Int, mark: String = ",") -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = ms % 1000
        return
            "\(two(ms / 3_600_000)):\(two(ms / 60000 % 60)):\(two(ms / 1000 % 60))\(mark)\(millis < 10 ? "00" : millis < 100 ? "0" : "")\(millis)"
    }

    @Test("Zero bytes halfway through a file on disk")
    func zerosOnDisk() {
        let head = Self.srt(1...40).joined(separator: "\n") + "\n"
        let bytes = Array(head.utf8) + [UInt8](repeating: 0, count: 512) + Array(("\n" + Self.srt(50...51).joined(separator: "\n")).utf8)
        let document = SubtitleDocument.read(bytes, format: .subRip)
        #expect(document.problem == .damaged(atLine: 161, before: 40, after: 2))
        #expect(document.cues.count == 42)
    }

    @Test("A file that is no text has no cues", arguments: SubtitleFormat.allCases)
    func binary(_ format: SubtitleFormat) {
        let document = SubtitleDocument.read([0x00, 0x00, 0x00, 0x20, 0x66, 0x74, 0x79, 0x70, 0x00, 0x01, 0x02], format: format)
        #expect(document == SubtitleDocument(cues: [], problem: .notText))
        #expect(SubtitleDocument.read([], format: format) == SubtitleDocument(cues: [], problem: .empty))
    }
}

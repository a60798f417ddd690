import Testing

@testable import VideoToyCore

/// Event fields by the track's own `[Events]` Format line, as libass reads them: Matroska blocks as mkvmerge and
/// FFmpeg write them, script lines whose Format is unusual, and hostile lines, all in bounded work.
@Suite("ASS event format")
struct ASSEventFormatTests {
    static let ssaFormat = "Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"
    static let standard = "Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"

    /// A Format line, a Matroska block, and the style and text read from it; nil where it is no block of the track.
    static let blockCases: [(format: String, block: String, read: (style: String, text: String)?)] = [
        // mkvmerge's SSA: no Layer, zero-padded margins.
        (ssaFormat, "0,,AFF,,0000,0000,0000,,W", ("AFF", "W")),
        (ssaFormat, "1,,AFF,,0000,0000,0000,,Hello, world", ("AFF", "Hello, world")),
        // mkvmerge's ASS whose Dialogue lines leave the margins empty; SSA's Marked=N where Layer goes.
        (standard, "7,0,Top,,,,,,Hi, there", ("Top", "Hi, there")),
        (standard, "7,Marked=0,Top,,0,0,0,,Hi", ("Top", "Hi")),
        (standard, "12,-1,Sign,Bob,0010,+10,0020,Banner;5,EXIT, this way", ("Sign", "EXIT, this way")),
        // FFmpeg's: the fields after End as the Format line gives them.
        ("Layer, Start, End, Style, Text", "0,0,Top,Hi, there", ("Top", "Hi, there")),
        ("layer,start,end,text", "3,2,{\\i1}x,y", ("", "{\\i1}x,y")),
        // Names past Text are never read; unknown names take a field.
        ("Layer, Start, End, Style, Actor, Text, Name", "0,0,Top,Bob,a,b", ("Top", "a,b")),
        // Huge numbers are numbers: their values are never read.
        (standard, "99999999999999999999999,99999999999999999999,Top,,99999999999999999999,0,0,,big", ("Top", "big")),
        // No block: plain text, too few fields, words where numbers go, no Text, too few names before it.
        (standard, "Hello, world, from, a, SubRip, cue, with, commas, and more", nil),
        (standard, "0,0,Default,,0,0,0", nil),
        (standard, "", nil),
        (standard, "no commas at all", nil),
        (standard, ",0,Top,,0,0,0,,no read order", nil),
        (standard, "0,zero,Top,,0,0,0,,words for a layer", nil),
        (standard, "0,0,Top,,left,0,0,,words for a margin", nil),
        (standard, "0,0,Top,,-,0,0,,a lone sign", nil),
        ("Layer, Start, End, Style, Name", "0,0,Top,,text without a Text field", nil),
        ("Start, End, Text", "0,0,x", nil),
        (standard, String(repeating: ",", count: 10_000), nil),
    ]

    @Test("Matroska blocks by the track's Format line", arguments: blockCases.indices)
    func block(index: Int) {
        let (format, block, expected) = Self.blockCases[index]
        let read = ASSEventFormat(line: Substring(format)).block(Substring(block))
        #expect(read.map { String($0.style) } == expected?.style, "\(format) | \(block)")
        #expect(read.map { String($0.text) } == expected?.text, "\(format) | \(block)")
        #expect(read?.startMs == nil && read?.endMs == nil)
    }

    /// A Format line, a Dialogue line's value, and its times, style and text; nil where it is no event.
    static let dialogueCases: [(format: String, line: String, read: (start: Int, end: Int, style: String, text: String)?)] = [
        (standard, "0,0:00:01.00,0:00:02.50,Top,,0,0,0,,a, b", (1000, 2500, "Top", "a, b")),
        (ssaFormat, "Marked=0,0:00:01.00,0:00:02.00,AFF,NTP,0000,0000,0000,,W", (1000, 2000, "AFF", "W")),
        // Text not last: it takes the rest of the line, the names after it unread.
        ("Start, End, Text, Style", "0:00:00.50,0:00:01.50,Hi, there,Top", (500, 1500, "", "Hi, there,Top")),
        // Fields in another order, any spacing and case.
        ("  style ,END,  Start,TEXT", "Sign , 0:00:03.00 , 0:00:02.00 ,words", (2000, 3000, "Sign", "words")),
        // Text as the only field after the times, empty.
        ("Start, End, Text", "0:00:00.00,0:00:01.00,", (0, 1000, "", "")),
        // Huge times are no times.
        ("Start, End, Text", "99999999999999999999:00:00.00,0:00:01.00,x", nil),
        ("Start, End, Text", "0:00:00.00,0:00:00.99999999999,x", nil),
        // No Text, no Start, too few fields, no commas, a thousand fields of nothing.
        ("Layer, Start, End, Style", "0,0:00:01.00,0:00:02.00,Top", nil),
        ("Layer, End, Text", "0,0:00:02.00,x", nil),
        (standard, "0,0:00:01.00,0:00:02.00,Top", nil),
        (standard, "no commas", nil),
        (standard, String(repeating: ",", count: 10_000), nil),
    ]

    @Test("script lines by their Format line", arguments: dialogueCases.indices)
    func dialogue(index: Int) {
        let (format, line, expected) = Self.dialogueCases[index]
        let read = ASSEventFormat(line: Substring(format)).dialogue(Substring(line))
        #expect(read?.startMs == expected?.start, "\(format) | \(line)")
        #expect(read?.endMs == expected?.end, "\(format) | \(line)")
        #expect(read.map { String($0.style) } == expected?.style, "\(format) | \(line)")
        #expect(read.map { String($0.text) } == expected?.text, "\(format) | \(line)")
    }

    @Test("a Format line of 10,000 names before Text reads no events; one of 10,000 after it reads them all")
    func hugeFormatLines() {
        let many = String(repeating: "Effect, ", count: 10_000)
        let before = ASSEventFormat(line: Substring("Layer, Start, End, Style, " + many + "Text"))
        #expect(before.block(Substring("0,0,Top" + String(repeating: ",", count: 10_001) + "x")) == nil)
        #expect(before.dialogue(Substring("0,0:00:01.00,0:00:02.00,Top" + String(repeating: ",", count: 10_001) + "x")) == nil)
        let after = ASSEventFormat(line: Substring(Self.standard + ", " + many))
        #expect(after.block("0,0,Top,,0,0,0,,x")?.text == "x")
        #expect(after == ASSEventFormat.standard)
    }

    @Test("an event with 10,000 commas in its text keeps them all")
    func commasInText() {
        let text = String(repeating: ",", count: 10_000)
        #expect(ASSEventFormat.standard.block(Substring("0,0,Top,,0,0,0,," + text))?.text == Substring(text))
        #expect(ASSEventFormat.standard.dialogue(Substring("0,0:00:01.00,0:00:02.00,Top,,0,0,0,," + text))?.text == Substring(text))
    }

    @Test("an mkvmerge SSA track's header and block read as the sidecar shows it, in the style the block names")
    func ssaTrack() {
        let header = ASSHeader(
            script: "\u{FEFF}[Script Info]\r\nScriptType: v4.00\r\n\r\n[V4 Styles]\r\n"
                + "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, "
                + "BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding\r\n"
                + "Style: AFF,Arial,20,65535,65535,65535,0,-1,0,1,2,0,6,10,10,10,0,0\r\n\r\n[Events]\r\n"
                + "Format: \(Self.ssaFormat)\r\n")
        let read = header.cue(event: "0,,AFF,,0000,0000,0000,,Hello, world")
        // PrimaryColour 65535 is &H0000FFFF, yellow; Bold -1; SSA's alignment 6 is the top centre.
        #expect(read?.text == StyledText([StyledRun("Hello, world", SubtitleStyle(isBold: true, colour: SubtitleColour(rgb: 0xFFFF00)))]))
        #expect(read?.placement == .top)
    }

    @Test("a script whose Format line puts Text before other names, lacks spaces and is lowercase reads every cue")
    func unusualScript() {
        let text = [
            "\u{FEFF}[script info]", "PlayResY: 288", "", "[V4 Styles]", "format:name,alignment", "style:Up,6", "",
            "[EVENTS]", "format:start,end,style,text,name", "dialogue:0:00:01.00,0:00:02.00,Up,Hi, there,Bob",
            "Dialogue: 0:00:03.00,0:00:04.00,,plain",
        ].joined(separator: "\r\n")
        let document = SubtitleDocument.parse(text, format: .ass)
        #expect(
            document.cues == [
                SubtitleCue(startMs: 1000, endMs: 2000, text: "Hi, there,Bob", placement: .top),
                SubtitleCue(startMs: 3000, endMs: 4000, text: "plain"),
            ])
        #expect(document.problem == nil)
    }
}

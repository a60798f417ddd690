import Testing
import VideoToyCore

/// ASS override tags and the styles of `[V4+ Styles]` as styles and places; damaged and unhonoured tags change
/// nothing.
@Suite("ASS styling")
struct ASSStylingTests {
    /// A 1920×1080 script with three styles: Default (white, bottom centre), Sign (yellow italic, top centre) and Note
    /// (red as SSA's decimal, underlined and struck through, bottom left), and one event of `text` in `style`.
    static func script(_ text: String, style: String) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 1920
        PlayResY: 1080

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, \
        StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1
        Style: Sign,Arial,40,&H0000FFFF,&H000000FF,&H00000000,&H00000000,0,-1,0,0,100,100,0,0,1,2,2,8,10,10,10,1
        Style: Note,Arial,40,255,&H000000FF,&H00000000,&H00000000,0,0,-1,-1,100,100,0,0,1,2,2,1,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:02.00,\(style),,0,0,0,,\(text)

        """
    }

    static let bottomLeft = SubtitlePlacement(row: .bottom, column: .left)

    /// An event's text and style, the runs it reads as (Default's white is `#ffffff`), and where it goes.
    static let cases: [(String, String, [(String, String)], SubtitlePlacement)] = [
        ("plain", "Default", [("plain", "#ffffff")], .bottom),
        ("{\\i1}a{\\i0}b", "Default", [("a", "i#ffffff"), ("b", "#ffffff")], .bottom),
        (
            "{\\b1}a{\\b0}b{\\b700}c{\\b400}d", "Default", [("a", "b#ffffff"), ("b", "#ffffff"), ("c", "b#ffffff"), ("d", "#ffffff")],
            .bottom
        ),
        ("{\\u1}a{\\s1}b{\\u0\\s0}c", "Default", [("a", "u#ffffff"), ("b", "us#ffffff"), ("c", "#ffffff")], .bottom),
        ("{\\c&H0000FF&}red", "Default", [("red", "#ff0000")], .bottom),
        ("{\\1c&HFF0000&}blue", "Default", [("blue", "#0000ff")], .bottom),
        ("{\\c&H00FF00}green", "Default", [("green", "#00ff00")], .bottom),
        ("{\\c&H8000FF00&}alpha ignored", "Default", [("alpha ignored", "#00ff00")], .bottom),
        ("{\\cH00FFFF}no ampersand", "Default", [("no ampersand", "#ffff00")], .bottom),
        ("{\\c&HZZ}damaged", "Default", [("damaged", "#ffffff")], .bottom),
        ("{\\c&H0000FF&}a{\\c&HZZ\\i1}b", "Default", [("a", "#ff0000"), ("b", "i#ff0000")], .bottom),
        ("{\\c&H0000FF&}a{\\c}b", "Default", [("a", "#ff0000"), ("b", "#ffffff")], .bottom),
        ("{\\i1\\b1\\c&H0000FF&}a{\\r}b", "Default", [("a", "bi#ff0000"), ("b", "#ffffff")], .bottom),
        ("a{\\rSign}b{\\r}c", "Default", [("a", "#ffffff"), ("b", "i#ffff00"), ("c", "#ffffff")], .bottom),
        ("{\\rnobody}a", "Sign", [("a", "i#ffff00")], .top),
        (
            "{\\2c&H0000FF&\\3c&H00FF00&\\4c&HFF0000&\\1a&HFF&\\alpha&H80&}only the primary", "Default", [("only the primary", "#ffffff")],
            .bottom
        ),
        ("{\\t(0,500,\\c&H0000FF&\\i1)}animated", "Default", [("animated", "#ffffff")], .bottom),
        ("{\\bord2\\shad3\\be1\\blur2\\fnArial\\fs20\\fscx120\\k50\\clip(0,0,9,9)}look", "Default", [("look", "#ffffff")], .bottom),
        ("{\\c&H0000FF&unclosed", "Default", [("{\\c&H0000FF&unclosed", "#ffffff")], .bottom),
        ("{a comment}text", "Default", [("text", "#ffffff")], .bottom),
        ("{\\i1}one\\Ntwo", "Default", [("one\ntwo", "i#ffffff")], .bottom),
        ("sign", "Sign", [("sign", "i#ffff00")], .top),
        ("{\\i0}a{\\i}b", "Sign", [("a", "#ffff00"), ("b", "i#ffff00")], .top),
        ("{\\c&HFFFFFF&}white sign", "Sign", [("white sign", "i#ffffff")], .top),
        ("note", "Note", [("note", "us#ff0000")], bottomLeft),
        ("nobody's", "Nope", [("nobody's", "#ffffff")], .bottom),
        ("{\\an7}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .top, column: .left)),
        ("{\\an3}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .bottom, column: .right)),
        ("{\\an4}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .middle, column: .left)),
        ("{\\an5}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .middle, column: .centre)),
        ("{\\an6}x", "Sign", [("x", "i#ffff00")], SubtitlePlacement(row: .middle, column: .right)),
        ("{\\an2}x", "Sign", [("x", "i#ffff00")], .bottom),
        ("{\\a5}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .top, column: .left)),
        ("{\\a10}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .middle, column: .centre)),
        ("{\\a3}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .bottom, column: .right)),
        ("{\\an8}{\\an2}x", "Default", [("x", "#ffffff")], .top),
        ("{\\an10}x", "Sign", [("x", "i#ffff00")], .top),
        ("{\\pos(100,100)}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .top, column: .left)),
        ("{\\an2\\pos(1800,1000)}x", "Default", [("x", "#ffffff")], SubtitlePlacement(row: .bottom, column: .right)),
        ("{\\pos(960,540)}x", "Sign", [("x", "i#ffff00")], SubtitlePlacement(row: .middle, column: .centre)),
        ("{\\pos(9x,1)}x", "Default", [("x", "#ffffff")], .bottom),
        ("{\\move(100,100,1800,1000)}x", "Default", [("x", "#ffffff")], .bottom),
    ]

    @Test("ASS override tags and styles", arguments: cases.indices)
    func ass(index: Int) throws {
        let (text, style, runs, placement) = Self.cases[index]
        let document = SubtitleDocument.parse(Self.script(text, style: style), format: .ass)
        let cue = try #require(document.cues.first, "\(text)")
        #expect(cue.styled == StyleCode.text(runs), "\(text)")
        #expect(cue.placement == placement, "\(text)")
    }

    @Test("\\pos is read on the script's canvas, 384×288 when it names none")
    func positionCanvas() throws {
        let event = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\pos(300,250)}x"
        let small = try #require(SubtitleDocument.parse("[Script Info]\n\n[Events]\n\(event)\n", format: .ass).cues.first)
        #expect(small.placement == SubtitlePlacement(row: .bottom, column: .right))
        let large = try #require(
            SubtitleDocument.parse("[Script Info]\nPlayResX: 1920\n\n[Events]\n\(event)\n", format: .ass).cues.first)
        #expect(large.placement == SubtitlePlacement(row: .top, column: .left), "1920 wide, so 1440 high")
    }

    @Test("Alignment numbers name the nine places, numpad and SSA style")
    func alignments() {
        let rows: [SubtitlePlacement.Row] = [.bottom, .middle, .top]
        let columns: [SubtitlePlacement.Column] = [.left, .centre, .right]
        for number in 1...9 {
            let expected = SubtitlePlacement(row: rows[(number - 1) / 3], column: columns[(number - 1) % 3])
            #expect(SubtitlePlacement(alignment: number, legacy: false) == expected, "\\an\(number)")
        }
        for (number, row) in [(1, 0), (5, 2), (9, 1)] {
            for offset in 0..<3 {
                let expected = SubtitlePlacement(row: rows[row], column: columns[offset])
                #expect(SubtitlePlacement(alignment: number + offset, legacy: true) == expected, "\\a\(number + offset)")
            }
        }
        for number in [0, 10, -1] { #expect(SubtitlePlacement(alignment: number, legacy: false) == nil) }
        for number in [0, 4, 8, 12] { #expect(SubtitlePlacement(alignment: number, legacy: true) == nil) }
    }
}

/// The events of an embedded ASS track, as Matroska stores them, read in the track's header.
struct ASSTrackEventTests {
    static let header = ASSHeader(
        script: """
            [Script Info]\r\nPlayResX: 640\r\nPlayResY: 360\r\n\r\n[V4+ Styles]\r
            Format: Name, PrimaryColour, Bold, Italic, Alignment\r
            Style: Default,&H00FFFFFF,0,0,2\r\nStyle: Sign,&H0000FFFF,-1,0,9\r\n\r\n[Events]\r
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n
            """)

    /// An event, and the runs and place it reads as; nil where it is no event.
    static let cases: [(String, (runs: [(String, String)], placement: SubtitlePlacement)?)] = [
        ("0,0,Default,,0,0,0,,{\\b1}Bonjour{\\b0} de la piste", ([("Bonjour", "b#ffffff"), (" de la piste", "#ffffff")], .bottom)),
        ("12,1,Sign,Bob,0010,0010,0020,,EXIT, this way", ([("EXIT, this way", "b#ffff00")], SubtitlePlacement(row: .top, column: .right))),
        ("3,0,*Sign,,0,0,0,,{\\pos(20,20)}x", ([("x", "b#ffff00")], SubtitlePlacement(row: .top, column: .left))),
        ("4,0,Unknown,,0,0,0,,falls back", ([("falls back", "#ffffff")], .bottom)),
        ("Hello, world, from, a, SubRip, cue, with, commas, and more", nil),
        ("0,0,Default,,0,0,0", nil),
        ("<i>Hello</i>", nil),
    ]

    @Test("events by their form", arguments: cases.indices)
    func event(index: Int) {
        let (event, expected) = Self.cases[index]
        let read = Self.header.cue(event: event)
        #expect(read?.text == expected.map { StyleCode.text($0.runs) }, "\(event)")
        #expect(read?.placement == expected?.placement, "\(event)")
    }
}

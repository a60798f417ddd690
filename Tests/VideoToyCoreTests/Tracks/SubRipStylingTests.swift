import Testing
import VideoToyCore

/// SubRip's tags and `{\…}` blocks as styles and places, and the Pango text GStreamer makes of embedded SubRip.
@Suite("SubRip styling")
struct SubRipStylingTests {
    /// A cue's text lines, the runs it reads as, and where it goes.
    static let cases: [(String, [(String, String)], SubtitlePlacement)] = [
        ("<i>a</i>", [("a", "i")], .bottom),
        ("<b>a</b> <u>b</u> <s>c</s>", [("a", "b"), (" ", ""), ("b", "u"), (" ", ""), ("c", "s")], .bottom),
        ("<I>upper</I> <B>CASE</B>", [("upper", "i"), (" ", ""), ("CASE", "b")], .bottom),
        ("<font color=\"#ff0000\">red</font> after", [("red", "#ff0000"), (" after", "")], .bottom),
        ("<font color=yellow>named</font>", [("named", "#ffff00")], .bottom),
        ("<font color='#0f0'>short</font>", [("short", "#00ff00")], .bottom),
        ("<FONT face=\"Arial\" COLOR=\"Blue\" size=\"3\">x</FONT>", [("x", "#0000ff")], .bottom),
        ("<font color=\"nonsense\">x</font>", [("x", "")], .bottom),
        ("<font face=\"Arial\">x</font>", [("x", "")], .bottom),
        ("<b>bold <i>both</i></b> none", [("bold ", "b"), ("both", "bi"), (" none", "")], .bottom),
        (
            "<font color=\"#ffff00\"><b>y</b> <font color=\"red\">r</font> y</font>",
            [("y", "b#ffff00"), (" ", "#ffff00"), ("r", "#ff0000"), (" y", "#ffff00")], .bottom
        ),
        ("<b><i>x</b>y</i>z", [("x", "bi"), ("y", "i"), ("z", "")], .bottom),
        ("<i>never closed\nnext line", [("never closed\nnext line", "i")], .bottom),
        ("a</i>b</font>c", [("abc", "")], .bottom),
        ("<i>a</i>\n<i>b</i>", [("a\nb", "i")], .bottom),
        ("  <i> padded </i>  ", [("padded", "i")], .bottom),
        ("I <3 you & <you>", [("I <3 you & <you>", "")], .bottom),
        ("{\\an8}<i>top</i>", [("top", "i")], .top),
        ("{ \\an8}<i>spaced</i>", [("spaced", "i")], .top),
        ("{\t \\i1}x", [("x", "i")], .bottom),
        ("{laughs} x", [("{laughs} x", "")], .bottom),
        ("<font color=brown>b</font> <font color=\"DarkRed\">d</font>", [("b", "#a52a2a"), (" ", ""), ("d", "#8b0000")], .bottom),
        ("{\\an1}x", [("x", "")], SubtitlePlacement(row: .bottom, column: .left)),
        ("{\\an9}x", [("x", "")], SubtitlePlacement(row: .top, column: .right)),
        ("{\\an5}x", [("x", "")], SubtitlePlacement(row: .middle, column: .centre)),
        ("{\\a6}x", [("x", "")], .top),
        ("{\\i1}x{\\i0}y", [("x", "i"), ("y", "")], .bottom),
        ("{\\c&H00FFFF&}<b>x</b>{\\r}y", [("x", "b#ffff00"), ("y", "")], .bottom),
        ("{\\pos(10,10)}x", [("x", "")], .bottom),
    ]

    @Test("SubRip tags", arguments: cases.indices)
    func subRip(index: Int) throws {
        let (text, runs, placement) = Self.cases[index]
        let document = SubtitleDocument.parse("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n", format: .subRip)
        let cue = try #require(document.cues.first, "\(text)")
        #expect(cue.styled == StyleCode.text(runs), "\(text)")
        #expect(cue.placement == placement, "\(text)")
        #expect(cue.text == StyleCode.text(runs).plain)
    }

    /// Pango text from GStreamer, what it reads as, and where it goes.
    static let pangoCases: [(String, [(String, String)], SubtitlePlacement)] = [
        ("<i>a</i> b", [("a", "i"), (" b", "")], .bottom),
        ("<span foreground=\"#FF0000\">r</span>", [("r", "#ff0000")], .bottom),
        ("<span fgcolor='blue' font_desc='Sans'>b</span>", [("b", "#0000ff")], .bottom),
        ("Tom &amp; <b>Jerry</b> &lt;3", [("Tom & ", ""), ("Jerry", "b"), (" <3", "")], .bottom),
        ("<i>a < b & c</i>", [("a < b & c", "i")], .bottom),
        ("<b>&lt;i&gt;not a tag&lt;/i&gt;</b>", [("<i>not a tag</i>", "b")], .bottom),
        ("{\\an8}<u>t</u>", [("t", "u")], .top),
        ("<s>line one\nline two</s>", [("line one\nline two", "s")], .bottom),
    ]

    @Test("Pango text from GStreamer", arguments: pangoCases.indices)
    func pango(index: Int) {
        let (text, runs, placement) = Self.pangoCases[index]
        let read = SubtitleMarkup.styledText(pango: text)
        #expect(read.text == StyleCode.text(runs), "\(text)")
        #expect(read.placement == placement, "\(text)")
        #expect(SubtitleMarkup.plainText(pango: text).text == StyleCode.text(runs).plain)
    }
}

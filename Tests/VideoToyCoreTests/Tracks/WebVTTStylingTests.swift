import Testing
import VideoToyCore

/// WebVTT's tags, its default colour classes and its cue settings as styles and places.
@Suite("WebVTT styling")
struct WebVTTStylingTests {
    /// A cue's settings and text lines, the runs it reads as, and where it goes.
    static let cases: [(String, String, [(String, String)], SubtitlePlacement)] = [
        ("", "<i>a</i> <b>b</b> <u>c</u>", [("a", "i"), (" ", ""), ("b", "b"), (" ", ""), ("c", "u")], .bottom),
        ("", "<c.yellow>y</c> n", [("y", "#ffff00"), (" n", "")], .bottom),
        (
            "", "<c.lime>l</c><c.cyan.bg_black>c</c><c.bg_red.magenta>m</c>", [("l", "#00ff00"), ("c", "#00ffff"), ("m", "#ff00ff")],
            .bottom
        ),
        ("", "<c.loud>x</c>", [("x", "")], .bottom),
        ("", "<c.Yellow>x</c>", [("x", "")], .bottom),
        ("", "<i.red>x</i>", [("x", "i#ff0000")], .bottom),
        ("", "<v.blue Bob>hi</v> there", [("hi", "#0000ff"), (" there", "")], .bottom),
        ("", "<c.yellow>a <i>b</i></c> c", [("a ", "#ffff00"), ("b", "i#ffff00"), (" c", "")], .bottom),
        ("", "<b>never closed\nnext", [("never closed\nnext", "b")], .bottom),
        ("", "stray</b> close", [("stray close", "")], .bottom),
        ("", "&lt;i&gt;not a tag&lt;/i&gt; &amp;", [("<i>not a tag</i> &", "")], .bottom),
        ("", "<00:01.000>timed <i>text</i>", [("timed ", ""), ("text", "i")], .bottom),
        ("", "<ruby>字<rt>ji</rt></ruby>", [("字ji", "")], .bottom),
        ("align:left", "x", [("x", "")], SubtitlePlacement(row: .bottom, column: .left)),
        ("align:right", "x", [("x", "")], SubtitlePlacement(row: .bottom, column: .right)),
        ("align:start line:0", "x", [("x", "")], SubtitlePlacement(row: .top, column: .left)),
        ("line:10% align:end", "x", [("x", "")], SubtitlePlacement(row: .top, column: .right)),
        ("align:center line:-1", "x", [("x", "")], .bottom),
        ("align:middle", "x", [("x", "")], .bottom),
    ]

    @Test("WebVTT tags and settings", arguments: cases.indices)
    func webVTT(index: Int) throws {
        let (settings, text, runs, placement) = Self.cases[index]
        let document = SubtitleDocument.parse("WEBVTT\n\n00:01.000 --> 00:02.000 \(settings)\n\(text)\n", format: .webVTT)
        let cue = try #require(document.cues.first, "\(text)")
        #expect(cue.styled == StyleCode.text(runs), "\(text)")
        #expect(cue.placement == placement, "\(settings)")
    }
}

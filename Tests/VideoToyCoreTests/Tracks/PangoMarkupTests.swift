import Foundation
import FoundationXML
import Testing
import VideoToyCore
import VideoToyTesting

/// The Pango markup the view is given: each style as span attributes, and no cue text, however hostile, able to
/// break the markup or add to it.
@Suite("Pango markup")
struct PangoMarkupTests {
    /// Styled text and the markup it makes.
    static let cases: [([(String, String)], String)] = [
        ([("plain", "")], "plain"),
        ([("a", "i")], "<span style=\"italic\">a</span>"),
        ([("a", "b"), (" ", ""), ("c", "u")], "<span weight=\"bold\">a</span> <span underline=\"single\">c</span>"),
        (
            [("all", "ibus#ff8000")],
            "<span style=\"italic\" weight=\"bold\" underline=\"single\" strikethrough=\"true\" foreground=\"#ff8000\">all</span>"
        ),
        ([("dark", "#010203")], "<span foreground=\"#010203\">dark</span>"),
        ([("<b>&amp;</b>", "")], "&lt;b&gt;&amp;amp;&lt;/b&gt;"),
        ([("\"quoted\" 'too'", "i")], "<span style=\"italic\">&quot;quoted&quot; &#39;too&#39;</span>"),
        ([("two\nlines", "s")], "<span strikethrough=\"true\">two\nlines</span>"),
        ([("bell\u{7}nul\u{0}\ttab", "")], "bellnul\ttab"),
    ]

    @Test("Styles as spans, text escaped", arguments: cases.indices)
    func markup(index: Int) {
        let (runs, markup) = Self.cases[index]
        #expect(PangoMarkup.markup(StyleCode.text(runs)) == markup)
    }

    /// Cue texts that hold markup-like text, each read by every reader.
    static let hostile = [
        "<span foreground=\"red\">injected</span>", "</span><b>", "a < b && c > d", "&amp; &lt; &#60; &#x3C; &bogus; &",
        "<i>unclosed", "</i>stray", "<font color=\"\"><\">\">x</font>", "{\\c&HZZ}<b>{\\i1}</b>", "<![CDATA[x]]>", "<!-- -->",
        "<?xml version=\"1.0\"?>", "<b attr='\">'>x</b>", "&#0;&#1;&#xFFFE;", "\u{1}\u{1F}control",
        "<c.yellow><i>a</c></i>", "<v <b>Bob>>x", "{\\an8}<font color=\"#ff0000\">a<b>b</font>c</b>",
    ]

    @Test("No cue breaks the markup or adds to it", arguments: hostile.indices)
    func hostileCues(index: Int) throws {
        let text = Self.hostile[index]
        var read: [StyledText] = [SubtitleMarkup.styledText(pango: text).text]
        for (format, file) in [
            (SubtitleFormat.subRip, "1\n00:00:01,000 --> 00:00:02,000\n\(text)\n"),
            (.webVTT, "WEBVTT\n\n00:01.000 --> 00:02.000\n\(text)\n"),
            (.ass, "[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,\(text)\n"),
        ] {
            // A cue that is all markup has no words and is dropped; its markup is then empty, which is well formed too.
            read.append(SubtitleDocument.parse(file, format: format).cues.first?.styled ?? StyledText([]))
        }
        for styled in read {
            let markup = PangoMarkup.markup(styled)
            let parsed = try #require(Self.parse(markup), "not well formed: \(markup)")
            let shown = String(
                styled.plain.unicodeScalars.filter { ($0.value >= 0x20 && $0.value != 0xFFFE) || $0 == "\n" || $0 == "\t" })
            #expect(parsed.text == shown, "\(markup)")
            #expect(parsed.elements.allSatisfy { $0 == "span" }, "\(markup)")
            #expect(parsed.elements.count == styled.runs.filter { $0.style != .plain }.count, "\(markup)")
        }
    }

    @Test("Random text through every reader stays well-formed markup")
    func randomCues() throws {
        var random = SeededGenerator(seed: 1313)
        let pieces = ["<", ">", "&", ";", "/", "{", "}", "\\", "i", "b", "u", "s", "c", ".", "\"", "'", "=", "#", "amp", "lt", " ", "x"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for styled in [
                SubtitleMarkup.styledText(pango: text).text,
                SubtitleDocument.parse("WEBVTT\n\n00:01.000 --> 00:02.000\n\(text)\n", format: .webVTT).cues.first?.styled
                    ?? StyledText([]),
                SubtitleDocument.parse("[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,\(text)\n", format: .ass).cues.first?
                    .styled
                    ?? StyledText([]),
            ] {
                let markup = PangoMarkup.markup(styled)
                let parsed = try #require(Self.parse(markup), "\(text) made \(markup)")
                #expect(parsed.text == styled.plain, "\(text)")
            }
        }
    }

    /// The character data and element names of `markup` read as XML (Pango's markup is a subset of it); nil when it
    /// is not well formed.
    static func parse(_ markup: String) -> (text: String, elements: [String])? {
        let reader = Reader()
        let parser = XMLParser(data: Data(("<markup>" + markup + "</markup>").utf8))
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return (reader.text, Array(reader.elements.dropFirst()))
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var text = ""
        var elements: [String] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(elementName)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }
}

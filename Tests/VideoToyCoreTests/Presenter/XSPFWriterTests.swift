import Testing
import VideoToyCore

/// The show as an XSPF playlist: the text VLC and Kodi read, the same every time.
struct XSPFWriterTests {
    @Test("A show is written as XSPF 1 with our extensions, exactly")
    func wholeDocument() {
        let show = Show(
            entries: [
                ShowEntry(path: "/v/a b.mp4", title: "A & B", durationMs: 61_500, tracks: TrackChoice(audio: .audio(1), subtitles: .off)),
                ShowEntry(path: "/v/c.mkv"),
            ], autoAdvance: true)
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <playlist version="1" xmlns="http://xspf.org/ns/0/" xmlns:vt="https://videotoy.app/xspf/1">
              <title>Talk</title>
              <trackList>
                <track>
                  <location>file:///v/a%20b.mp4</location>
                  <title>A &amp; B</title>
                  <duration>61500</duration>
                  <extension application="https://videotoy.app/xspf/1">
                    <vt:audio>audio/1</vt:audio>
                    <vt:subtitles>off</vt:subtitles>
                  </extension>
                </track>
                <track>
                  <location>file:///v/c.mkv</location>
                  <title>c.mkv</title>
                </track>
              </trackList>
              <extension application="https://videotoy.app/xspf/1">
                <vt:auto-advance>true</vt:auto-advance>
              </extension>
            </playlist>

            """
        #expect(XSPFWriter.document(show, title: "Talk") == expected)
    }

    @Test("Without a title, duration or chosen tracks, their elements are left out")
    func unknownsLeftOut() {
        let show = Show(entries: [ShowEntry(path: "/v/a.mp4", tracks: TrackChoice())])
        let document = XSPFWriter.document(show, title: nil)
        #expect(document.components(separatedBy: "<title>").count == 2, "only the track's title")
        #expect(!document.contains("<duration>"))
        #expect(document.components(separatedBy: "<extension").count == 2, "only the playlist's extension")
        #expect(document.contains("<vt:auto-advance>false</vt:auto-advance>"))
        #expect(document.hasSuffix("</playlist>\n"))
    }

    @Test("An empty show is a playlist with an empty track list")
    func emptyShow() {
        let document = XSPFWriter.document(Show(), title: "")
        #expect(document.contains("  <trackList>\n  </trackList>\n"))
        #expect(!document.contains("<title>"))
    }

    @Test(
        "Locations are file URIs, every byte but the unreserved ones and / percent-encoded",
        arguments: [
            ("/v/a b.mp4", "file:///v/a%20b.mp4"), ("/v/100%.mp4", "file:///v/100%25.mp4"), ("/v/#1?.mp4", "file:///v/%231%3F.mp4"),
            ("/v/é.mp4", "file:///v/%C3%A9.mp4"), ("/v/影.mp4", "file:///v/%E5%BD%B1.mp4"), ("/v/a&b.mp4", "file:///v/a%26b.mp4"),
            ("/v/A-z_0.9~", "file:///v/A-z_0.9~"), ("/v/+=;,()!'*:@$\"<>", "file:///v/%2B%3D%3B%2C%28%29%21%27%2A%3A%40%24%22%3C%3E"),
            (XSPFFixtures.latin1Path, "file:///v/caf%E9.mp4"), ("relative/x y.mp4", "relative/x%20y.mp4"),
        ])
    func locations(path: String, uri: String) {
        let document = XSPFWriter.document(Show(entries: [ShowEntry(path: path)]), title: nil)
        #expect(document.contains("<location>\(uri)</location>"))
    }

    @Test(
        "Text is escaped and characters XML 1.0 cannot carry are dropped",
        arguments: [
            ("Tom & Jerry", "Tom &amp; Jerry"), ("<b>\"q\" 'a'</b>", "&lt;b&gt;&quot;q&quot; &apos;a&apos;&lt;/b&gt;"),
            ("a\u{1}b\u{1B}c\u{0}", "abc"), ("tab\there", "tab&#9;here"), ("影片 🎬", "影片 🎬"),
        ])
    func escaping(title: String, written: String) {
        let document = XSPFWriter.document(Show(entries: [ShowEntry(path: "/v/a.mp4", title: title)]), title: title)
        #expect(document.contains("  <title>\(written)</title>\n"))
        #expect(document.contains("      <title>\(written)</title>\n"))
    }

    @Test("A sidecar name's escapes travel as TrackChoice writes them")
    func choiceValues() {
        let choice = TrackChoice(audio: .audio(0), subtitles: .track(.sidecar("a\nb\\c & d.srt")), encoding: .shiftJIS)
        let document = XSPFWriter.document(Show(entries: [ShowEntry(path: "/v/a.mp4", tracks: choice)]), title: nil)
        #expect(
            document.contains(
                "        <vt:audio>audio/0</vt:audio>\n        <vt:subtitles>file/a\\nb\\\\c &amp; d.srt</vt:subtitles>\n"
                    + "        <vt:encoding>SHIFT_JIS</vt:encoding>\n"))
    }

    @Test("The same show gives the same text")
    func deterministic() {
        #expect(XSPFWriter.document(XSPFFixtures.awkwardShow, title: "x") == XSPFWriter.document(XSPFFixtures.awkwardShow, title: "x"))
    }
}

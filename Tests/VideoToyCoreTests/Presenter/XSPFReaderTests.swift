import Testing
import VideoToyCore

/// A show read back from XSPF, ours or another player's.
struct XSPFReaderTests {
    typealias F = XSPFFixtures

    @Test("What the writer writes reads back as the same show")
    func roundTrip() throws {
        let show = F.awkwardShow
        let read = try XSPFReader.read(Array(XSPFWriter.document(show, title: "Awkward").utf8), file: "/talks/a.xspf")
        #expect(read.skipped == 0)
        #expect(read.show.entries == show.entries)
        #expect(read.show.autoAdvance)
        #expect(read.show.file == "/talks/a.xspf")
        #expect(read.show.entries[3].tracks?.subtitles == .track(.sidecar("a b\nc\\d;e=f.srt")))
        #expect(read.show.entries[5].path == F.latin1Path)

        let quiet = Show(entries: [ShowEntry(path: "/v/a.mp4")], autoAdvance: false)
        let again = try XSPFReader.read(Array(XSPFWriter.document(quiet, title: nil).utf8), file: "/a.xspf")
        #expect(again.show.entries == quiet.entries)
        #expect(!again.show.autoAdvance)
    }

    @Test("A VLC playlist: its extensions ignored, streams skipped, relative locations resolved")
    func vlcPlaylist() throws {
        let vlc = """
            <?xml version="1.0" encoding="UTF-8"?>
            <playlist xmlns="http://xspf.org/ns/0/" xmlns:vlc="http://www.videolan.org/vlc/playlist/ns/0/" version="1">
            \t<title>Playlist</title>
            \t<trackList>
            \t\t<track>
            \t\t\t<location>file:///home/ann/Videos/Caf%C3%A9%20talk.mkv</location>
            \t\t\t<title>Café talk</title>
            \t\t\t<duration>61500</duration>
            \t\t\t<extension application="http://www.videolan.org/vlc/playlist/0">
            \t\t\t\t<vlc:id>0</vlc:id>
            \t\t\t\t<vlc:option>start-time=10</vlc:option>
            \t\t\t\t<vlc:audio>audio/3</vlc:audio>
            \t\t\t</extension>
            \t\t</track>
            \t\t<track>
            \t\t\t<location>http://example.com/stream.mp4</location>
            \t\t\t<extension application="http://www.videolan.org/vlc/playlist/0">
            \t\t\t\t<vlc:id>1</vlc:id>
            \t\t\t</extension>
            \t\t</track>
            \t\t<track>
            \t\t\t<location>clips/intro%231.mp4</location>
            \t\t\t<extension application="http://www.videolan.org/vlc/playlist/0">
            \t\t\t\t<vlc:id>2</vlc:id>
            \t\t\t</extension>
            \t\t</track>
            \t\t<track>
            \t\t\t<location>../shared/outro.webm</location>
            \t\t\t<duration>1200</duration>
            \t\t</track>
            \t\t<track>
            \t\t\t<location>file://localhost/srv/media/a.mp4</location>
            \t\t\t<title>  From the server \n</title>
            \t\t</track>
            \t\t<track>
            \t\t\t<location>file://nas/share/b.mp4</location>
            \t\t</track>
            \t</trackList>
            \t<extension application="http://www.videolan.org/vlc/playlist/0">
            \t\t<vlc:item tid="0"/>
            \t\t<vlc:item tid="1"/>
            \t\t<vlc:item tid="2"/>
            \t</extension>
            </playlist>

            """
        let read = try F.read(vlc)
        #expect(
            read.show.entries == [
                ShowEntry(path: "/home/ann/Videos/Café talk.mkv", title: "Café talk", durationMs: 61_500),
                ShowEntry(path: "/home/ann/Talks/clips/intro#1.mp4", title: "intro#1.mp4"),
                ShowEntry(path: "/home/ann/shared/outro.webm", title: "outro.webm", durationMs: 1200),
                ShowEntry(path: "/srv/media/a.mp4", title: "From the server"),
            ])
        #expect(read.skipped == 2, "the http stream and the other host's file")
        #expect(!read.show.autoAdvance)
        #expect(read.show.file == F.file)
    }

    @Test(
        "Locations: file URIs and relative references are local files, anything else is skipped",
        arguments: [
            ("file:///v/a%20b.mp4", "/v/a b.mp4"), ("FILE:///v/a.mp4", "/v/a.mp4"), ("file://localhost/v/a.mp4", "/v/a.mp4"),
            ("file:/v/a.mp4", "/v/a.mp4"), ("\n  file:///v/a.mp4  \n", "/v/a.mp4"), ("file:///v/caf%E9.mp4", F.latin1Path),
            ("file:///v/a&amp;b%3F.mp4", "/v/a&b?.mp4"), ("a.mp4", "/home/ann/Talks/a.mp4"),
            ("./sub/../b%20c.mp4", "/home/ann/Talks/b c.mp4"), ("../../../../../x.mp4", "/x.mp4"), ("/abs/y.mp4", "/abs/y.mp4"),
            ("http://h/v.mp4", nil), ("https://h/v.mp4", nil), ("smb://nas/v.mp4", nil), ("file://nas/v.mp4", nil),
            ("file:///v/bad%zz.mp4", nil), ("file:///v/nul%00.mp4", nil), ("file:///v/cut%2", nil), ("", nil), ("   ", nil),
            ("//host/v.mp4", nil), ("C:\\v\\a.mp4", nil), ("rel/bad%g1.mp4", nil), ("file:relative.mp4", nil),
        ] as [(String, String?)])
    func locations(location: String, path: String?) throws {
        let read = try F.read(F.playlist(F.track(location)))
        #expect(read.show.entries.map(\.path) == (path.map { [$0] } ?? []))
        #expect(read.skipped == (path == nil ? 1 : 0))
    }

    @Test("The first local location of a track is used; a track without one is skipped")
    func severalLocations() throws {
        let read = try F.read(
            F.playlist(
                "<track><location>http://h/a.mp4</location><location>file:///v/b.mp4</location><location>/v/c.mp4</location></track>"
                    + "<track><title>nowhere</title></track>"))
        #expect(read.show.entries.map(\.path) == ["/v/b.mp4"])
        #expect(read.skipped == 1)
    }

    @Test(
        "Durations: decimal milliseconds up to 10^10, anything else unknown",
        arguments: [
            ("61500", 61_500), (" 42\n", 42), ("0", 0), ("000000000000000000007", 7), ("10000000000", 10_000_000_000),
            ("10000000001", nil), ("99999999999999999999999999", nil), ("-5", nil), ("+5", nil), ("1.5", nil), ("1e3", nil),
            ("abc", nil), ("", nil), ("٣", nil),
        ] as [(String, Int?)])
    func durations(text: String, milliseconds: Int?) throws {
        let read = try F.read(F.playlist(F.track("/v/a.mp4", "<duration>\(text)</duration>")))
        #expect(read.show.entries.first?.durationMs == milliseconds)
    }

    @Test(
        "Titles are trimmed and capped; none or a blank one gives the file name",
        arguments: [
            ("<title>  Talk \n</title>", "Talk"), ("<title>   </title>", "a b.mp4"), ("", "a b.mp4"),
            ("<title>\(String(repeating: "é", count: 600))</title>", String(repeating: "é", count: 500)),
            ("<title>first</title><title>second</title>", "first"),
        ])
    func titles(element: String, title: String) throws {
        let read = try F.read(F.playlist("<track><location>/v/a%20b.mp4</location>\(element)</track>"))
        #expect(read.show.entries.first?.title == title)
    }

    @Test(
        "Entities and character references are resolved; bad numeric ones are U+FFFD, unknown names stay",
        arguments: [
            ("Tom &amp; Jerry", "Tom & Jerry"), ("&lt;b&gt; &quot;q&quot; &apos;a&apos;", "<b> \"q\" 'a'"),
            ("&#233;t&#xE9;", "été"), ("&#X41;", "\u{FFFD}"), ("a&#9;b", "a\tb"), ("&#0;", "\u{FFFD}"), ("&#1;", "\u{FFFD}"),
            ("&#xD800;", "\u{FFFD}"), ("&#x110000;", "\u{FFFD}"), ("&#99999999999999999999;", "\u{FFFD}"), ("&#xZZ;", "\u{FFFD}"),
            ("&#;", "\u{FFFD}"), ("&#x;", "\u{FFFD}"), ("&nbsp;", "&nbsp;"), ("AT&T", "AT&T"), ("&amp", "&amp"),
            ("a & b", "a & b"), ("&#x1F3AC;", "🎬"),
        ])
    func entities(written: String, title: String) throws {
        let read = try F.read(F.playlist(F.track("/v/a.mp4", title: written)))
        #expect(read.show.entries.first?.title == title)
    }

    @Test("CDATA is text as it is, and joins the text around it")
    func cdata() throws {
        let read = try F.read(
            F.playlist(
                F.track("/v/a.mp4", title: "<![CDATA[a <b> & c]]>")
                    + F.track("<![CDATA[file:///v/b%20c.mp4]]>", title: "x <![CDATA[<y>&amp;]]> z")))
        #expect(read.show.entries.map(\.title) == ["a <b> & c", "x <y>&amp; z"])
        #expect(read.show.entries.last?.path == "/v/b c.mp4")
    }

    @Test("A byte order mark is skipped and invalid UTF-8 becomes U+FFFD")
    func encodingRepairs() throws {
        let document = F.playlist(F.track("/v/a.mp4", title: "caf@"))
        var bytes = [0xEF, 0xBB, 0xBF] + Array(document.utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "@"))!] = 0xE9
        let read = try XSPFReader.read(bytes, file: F.file)
        #expect(read.show.entries.first?.title == "caf\u{FFFD}")
    }

    @Test("Comments, processing instructions and a DOCTYPE with an internal subset are skipped")
    func skippedMarkup() throws {
        let document = """
            <?xml version="1.0"?>
            <!-- a <playlist> in a comment -->
            <!DOCTYPE playlist [ <!ENTITY x "<track>"> <!-- ] > --> ]>
            <playlist version='1'>
              <trackList>
                <!-- <track><location>/v/commented.mp4</location></track> -->
                <?editor cursor="<track>"?>
                <track><location>/v/a.mp4</location></track>
              </trackList>
            </playlist>
            """
        #expect(try F.read(document).show.entries.map(\.path) == ["/v/a.mp4"])
    }

    @Test("Namespaces: no default one, or a prefix on every element, read the same")
    func namespaces() throws {
        let bare = "<playlist><trackList><track><location>/v/a.mp4</location></track></trackList></playlist>"
        let prefixed = """
            <x:playlist xmlns:x="http://xspf.org/ns/0/" xmlns:v="https://videotoy.app/xspf/1"><x:trackList><x:track>\
            <x:location>/v/a.mp4</x:location><x:extension application='https:&#x2F;&#x2F;videotoy.app/xspf/1'>\
            <v:audio>audio/2</v:audio></x:extension></x:track></x:trackList>\
            <x:extension application = "https://videotoy.app/xspf/1" ><v:auto-advance> true </v:auto-advance></x:extension></x:playlist>
            """
        #expect(try F.read(bare).show.entries.map(\.path) == ["/v/a.mp4"])
        let read = try F.read(prefixed)
        #expect(read.show.entries == [ShowEntry(path: "/v/a.mp4", tracks: TrackChoice(audio: .audio(2)))])
        #expect(read.show.autoAdvance)
    }

    @Test("Our extension's values are read only inside our extension, and bad ones are dropped")
    func extensionValues() throws {
        let read = try F.read(
            F.playlist(
                F.track("/v/a.mp4", #"<extension application="other"><audio>audio/1</audio></extension>"#)
                    + F.track("/v/b.mp4", #"<extension application="https://videotoy.app/xspf/1"><audio>subtitles/1</audio></extension>"#)
                    + F.track(
                        "/v/c.mp4",
                        #"<extension application="https://videotoy.app/xspf/1"><audio>audio/1&#10;subtitles=off</audio>"#
                            + "<encoding>KOI8-R</encoding><subtitles>subtitles/4</subtitles></extension>")))
        #expect(read.show.entries.map(\.tracks) == [nil, nil, TrackChoice(subtitles: .track(.subtitles(4)), encoding: .koi8R)])
    }

    @Test(
        "A root other than playlist, or text that is not XML, is not a playlist",
        arguments: [
            "<html><body/></html>", "just some words", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"/>", "<<<", "\u{1}\u{2}<playlist/>",
            "<!-- only a comment --> text",
        ])
    func notAPlaylist(text: String) {
        #expect(throws: XSPFProblem.notAPlaylist) { try F.read(text) }
    }

    @Test("A playlist without usable tracks is an empty show, with what was skipped counted")
    func emptyShows() throws {
        #expect(try F.read("<playlist/>") == XSPFRead(show: Show(entries: [], file: F.file), skipped: 0))
        #expect(try F.read(F.playlist("")).show.entries.isEmpty)
        let streams = try F.read(F.playlist(F.track("http://a/1") + F.track("rtsp://a/2")))
        #expect(streams.show.entries.isEmpty)
        #expect(streams.skipped == 2)
    }

    @Test("Past the show's capacity tracks are skipped and counted")
    func capacity() throws {
        let tracks = (0..<(Show.capacity + 5)).map { "<track><location>/v/\($0).mp4</location></track>" }.joined()
        let read = try F.read(F.playlist(tracks))
        #expect(read.show.entries.count == Show.capacity)
        #expect(read.show.entries.last?.path == "/v/\(Show.capacity - 1).mp4")
        #expect(read.skipped == 5)
    }

    @Test("Tolerated mistakes: an element closed by its parent's end tag, a stray end tag, what follows the root")
    func tolerated() throws {
        let read = try F.read(
            "<playlist><trackList></title><track><location>/v/a.mp4</track><track><location>/v/b.mp4</location></track>"
                + "</trackList></playlist><playlist><trackList><track><location>/v/c.mp4</location></track>")
        #expect(read.show.entries.map(\.path) == ["/v/a.mp4", "/v/b.mp4"])
    }
}

import Testing
import VideoToyCore

/// The DIDL-Lite sent with SetAVTransportURI: well-formed whatever the title holds.
struct DIDLLiteTests {
    @Test("A video item carries title, class, protocolInfo, duration, resolution and the URL")
    func item() {
        let xml = DIDLLite.videoItem(
            title: "Holiday", url: "http://169.254.77.1:4242/cast/ab/video.mp4", mimeType: "video/mp4", durationMilliseconds: 61_500,
            width: 1920, height: 1080)
        #expect(xml.hasPrefix("<DIDL-Lite xmlns=\"urn:schemas-upnp-org:metadata-1-0/DIDL-Lite/\""))
        #expect(xml.contains("<dc:title>Holiday</dc:title>"))
        #expect(xml.contains("<upnp:class>object.item.videoItem</upnp:class>"))
        #expect(
            xml.contains(
                "<res protocolInfo=\"http-get:*:video/mp4:DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000\""
                    + " duration=\"0:01:01.500\" resolution=\"1920x1080\">http://169.254.77.1:4242/cast/ab/video.mp4</res>"))
        #expect(xml.hasSuffix("</item></DIDL-Lite>"))
    }

    @Test("Unknown duration and resolution are left out")
    func unknowns() {
        let xml = DIDLLite.videoItem(title: "x", url: "http://h/v", mimeType: "video/webm", durationMilliseconds: 0, width: 0, height: 5)
        #expect(!xml.contains("duration="))
        #expect(!xml.contains("resolution="))
    }

    @Test(
        "Hostile titles are escaped: no markup, no quote, no control character gets through",
        arguments: [
            ("</dc:title><script>", "&lt;/dc:title&gt;&lt;script&gt;"), ("Tom & Jerry", "Tom &amp; Jerry"),
            ("\"quoted\" 'single'", "&quot;quoted&quot; &apos;single&apos;"), ("a\u{0}b\u{1B}c\u{8}d", "abcd"),
            ("line\nbreak\ttab\r", "line&#10;break&#9;tab&#13;"), ("\u{FFFE}\u{FFFF}ok", "ok"), ("]]>", "]]&gt;"),
            ("&amp;", "&amp;amp;"), ("影片 🎬", "影片 🎬"),
        ])
    func hostileTitles(title: String, escaped: String) {
        let xml = DIDLLite.videoItem(title: title, url: "http://h/v?a=1&b=\"2\"", mimeType: "video/mp4")
        #expect(xml.contains("<dc:title>\(escaped)</dc:title>"))
        #expect(xml.contains(">http://h/v?a=1&amp;b=&quot;2&quot;</res>"))
        // Outside the escaped text, the item has exactly its own markup.
        #expect(xml.filter { $0 == "<" }.count == 10)
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 })
    }
}

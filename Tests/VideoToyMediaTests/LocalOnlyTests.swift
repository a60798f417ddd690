import CGStreamer
import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting
import VideoToyText

@testable import VideoToyMedia

/// A playlist or manifest saved under a video's name, and what it is.
struct PlaylistFile: Sendable, CustomTestStringConvertible {
    let name: String
    let kind: String
    let text: String

    var testDescription: String { "\(kind) as \(name)" }

    /// Addresses on loopback, port 9 (discard): nothing listens there in a test, and nothing may try.
    static let all: [PlaylistFile] = [
        PlaylistFile(
            name: "hls.mp4", kind: "HLS playlist",
            text: "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\nhttp://127.0.0.1:9/a.ts\n"
                + "#EXTINF:10.0,\nhttp://127.0.0.1:9/b.ts\n#EXT-X-ENDLIST\n"),
        PlaylistFile(
            name: "dash.mkv", kind: "DASH manifest",
            text: """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- a live stream -->
                <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" minBufferTime="PT2S" \
                profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
                  <BaseURL>http://127.0.0.1:9/</BaseURL>
                  <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="320" height="180">
                  <BaseURL>v.mp4</BaseURL><SegmentBase indexRange="0-100"/></Representation></AdaptationSet></Period>
                </MPD>

                """),
        PlaylistFile(
            name: "list.mp4", kind: "M3U playlist",
            text: "#EXTM3U\n#EXTINF:-1,Radio\nhttp://127.0.0.1:9/radio.mp3\n#EXTINF:10,Clip\nhttp://127.0.0.1:9/clip.mp4\n"),
        PlaylistFile(name: "plain.mp4", kind: "list of addresses", text: "# links\nhttp://127.0.0.1:9/clip.mp4\nrtsp://127.0.0.1:9/cam\n"),
        PlaylistFile(
            name: "mix.webm", kind: "XSPF playlist",
            text: "\u{FEFF}<?xml version=\"1.0\"?>\n<playlist version=\"1\" xmlns=\"http://xspf.org/ns/0/\"><trackList><track>"
                + "<location>http://127.0.0.1:9/a.ogg</location></track></trackList></playlist>\n"),
        PlaylistFile(name: "radio.avi", kind: "PLS playlist", text: "[playlist]\nFile1=http://127.0.0.1:9/stream\nNumberOfEntries=1\n"),
        PlaylistFile(
            name: "smooth.mov", kind: "Smooth Streaming manifest",
            text: "<?xml version=\"1.0\"?><SmoothStreamingMedia MajorVersion=\"2\" Duration=\"100000000\"></SmoothStreamingMedia>"),
    ]

    /// The file, written once per run.
    func path() throws -> String {
        try Fixtures.file("playlist-" + name) { try Data(text.utf8).write(to: URL(fileURLWithPath: $0)) }
    }
}

/// Library files never reach the network: network elements are out of GStreamer's registry, and playlists and
/// manifests, whatever they are named, are refused by the probe, the poster maker and the player.
@Suite("No network from local files")
struct LocalOnlyTests {
    @Test(arguments: PlaylistFile.all)
    func theProbeRefusesAPlaylist(file: PlaylistFile) throws {
        let path = try file.path()
        let result = MediaProber(timeoutSeconds: 5).probe(path: path)
        #expect(result == .failure(.playlist(kind: file.kind)))
        #expect(ProbeFailure.playlist(kind: file.kind).code == "playlist")
        // The discoverer alone, as for files the header reader leaves: refused before it is asked.
        #expect(MediaProber(timeoutSeconds: 5, readers: .discovererOnly).probe(path: path) == .failure(.playlist(kind: file.kind)))
    }

    @Test(arguments: PlaylistFile.all)
    func thePosterMakerRefusesAPlaylist(file: PlaylistFile) throws {
        let result = PosterMaker(maxHeight: 90, timeoutSeconds: 5).poster(path: try file.path(), durationMs: nil)
        guard case .failure(.playlist(let kind)) = result else {
            Issue.record("expected the playlist failure, got \(result)")
            return
        }
        #expect(kind == file.kind)
    }

    @Test(arguments: PlaylistFile.all)
    @MainActor
    func thePlayerRefusesAPlaylist(file: PlaylistFile) throws {
        let harness = PlayerHarness(path: try file.path())
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        let end = harness.runToEnd(seconds: 10)
        #expect(end == .error(.unreadable(.playlist(kind: file.kind))), "\(harness.messages)")
        #expect(!harness.messages.contains { if case .playing = $0 { true } else { false } })
    }

    @Test(
        "GStreamer alone, past the sniffer, finds no demuxer for a playlist or manifest: a missing plugin, never a fetch",
        arguments: PlaylistFile.all.filter { ["HLS playlist", "DASH manifest", "Smooth Streaming manifest"].contains($0.kind) })
    func discovererFindsNoAdaptiveDemuxer(file: PlaylistFile) throws {
        GStreamer.initialize()
        let discoverer = try #require(gst_discoverer_new(5 * 1_000_000_000, nil))
        defer { g_object_unref(discoverer) }
        let uri = try #require(gst_filename_to_uri(try file.path(), nil))
        defer { g_free(uri) }
        let info = try #require(gst_discoverer_discover_uri(discoverer, uri, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        #expect(gst_discoverer_info_get_result(info) == GST_DISCOVERER_MISSING_PLUGINS)
        var details: [String] = []
        if let list = gst_discoverer_info_get_missing_elements_installer_details(info) {
            var index = 0
            while let detail = list[index] {
                details.append(String(cString: detail))
                index += 1
            }
        }
        let kinds = details.compactMap { $0.split(separator: "|").last.map { String($0.dropFirst("decoder-".count)) } }
        #expect(kinds.compactMap(PlaylistSniffer.kind(mediaType:)).contains(file.kind), "\(details)")
    }

    @Test("the row says what the file is and why it is not played")
    func rowMessage() {
        #expect(
            ProbeFailure.playlist(kind: "HLS playlist").text(in: .english)
                == "A playlist or stream manifest (HLS playlist), not a video: VideoToy plays only local files.")
    }

    @Test(
        "after initialize, no URI but a file's gives a source element, and no network or adaptive element is left",
        arguments: [
            "http://127.0.0.1:9/a.ts", "https://127.0.0.1:9/a.ts", "rtsp://127.0.0.1:9/cam", "rtsps://127.0.0.1:9/cam",
            "udp://127.0.0.1:9", "tcp://127.0.0.1:9", "rtmp://127.0.0.1:9/live", "srt://127.0.0.1:9", "rist://127.0.0.1:9",
            "smb://127.0.0.1/share/a.mp4", "sftp://127.0.0.1/a.mp4", "dav://127.0.0.1/a.mp4", "ftp://127.0.0.1/a.mp4",
            "mms://127.0.0.1/a", "data:text/plain,hi",
        ])
    func noNetworkSource(uri: String) {
        GStreamer.initialize()
        let element = gst_element_make_from_uri(GST_URI_SRC, uri, nil, nil)
        #expect(element == nil, "\(uri) still gives \(element.flatMap { vt_element_factory_name($0) }.map { String(cString: $0) } ?? "?")")
        if let element { gst_object_unref(element) }
    }

    @Test("a local file still opens through filesrc, and the registry names no network or playlist element")
    func registryIsLocalOnly() throws {
        GStreamer.initialize()
        let source = try #require(gst_element_make_from_uri(GST_URI_SRC, "file:///tmp/x.mp4", nil, nil))
        defer { gst_object_unref(source) }
        #expect(vt_element_factory_name(source).map { String(cString: $0) } == "filesrc")
        for name in [
            "souphttpsrc", "curlhttpsrc", "giosrc", "rtspsrc", "udpsrc", "tcpclientsrc", "srtsrc", "rtmpsrc", "rtmp2src", "hlsdemux",
            "dashdemux", "mssdemux", "hlsdemux2", "dashdemux2", "mssdemux2", "sdpdemux", "udpsink", "souphttpclientsink",
            // In the plugin that holds filesrc, loaded above: registered again as it loaded, and removed again.
            "dataurisrc",
        ] {
            #expect(!GStreamer.hasElement(name), "\(name) is still in the registry")
        }
        // What the library plays is still there.
        for name in ["filesrc", "playbin", "decodebin", "qtdemux", "matroskademux", "appsrc", "appsink", "typefind"] {
            #expect(GStreamer.hasElement(name), "\(name) is gone")
        }
        let registry = gst_registry_get()
        let list = gst_registry_get_feature_list(registry, gst_element_factory_get_type())
        defer { gst_plugin_feature_list_free(list) }
        var node = list
        while let current = node {
            if let raw = current.pointee.data {
                #expect(!LocalOnlyRegistry.reachesBeyondFiles(OpaquePointer(raw)), "\(String(cString: vt_feature_name(raw))) is left")
            }
            node = current.pointee.next
        }
    }

    /// Heads that are no playlist, though some are text or name an address.
    static let notPlaylists: [(String, [UInt8])] = {
        let mp4: [UInt8] = [0, 0, 0, 0x20] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 24)
        let matroska: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01]
        let binary: [UInt8] = [0x00, 0x01] + Array("http://127.0.0.1/".utf8)
        return [
            ("text", Array("Some notes about the holiday videos.\nhttp is mentioned here.\n".utf8)),
            ("svg", Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"></svg>".utf8)),
            ("mp4", mp4), ("matroska", matroska), ("binary with an address", binary), ("empty", []),
        ]
    }()

    @Test("the sniffer leaves media and ordinary text alone", arguments: notPlaylists)
    func sniffedAsMedia(name: String, head: [UInt8]) {
        #expect(PlaylistSniffer.kind(head: head) == nil, "\(name)")
    }
}

import Testing
import VideoToyCore

/// What the cast adapter reads from renderers' replies and writes to them: every number and string from the network
/// is untrusted, so junk gives nil or is dropped, never a trap.
struct NetworkRendererParsingTests {
    @Test(
        "AVTransport times read to milliseconds",
        arguments: [
            ("0:00:00", 0), ("00:00:00", 0), ("0:00:01", 1000), ("1:02:03", 3_723_000), ("12:00:00", 43_200_000),
            ("0:00:01.5", 1500), ("0:00:01.25", 1250), ("0:00:01.123456789", 1123), ("0:00:01.007", 1007),
            ("0:00:02.1/4", 2250), ("0:00:02.0/3", 2000), (" 0:01:00 ", 60_000), ("0:0:5", 5000),
            ("999998:59:59.999", 3_599_996_399_999), ("999999:00:00", 3_599_996_400_000),
        ])
    func times(text: String, ms: Int) {
        #expect(UPnPTime.milliseconds(text) == ms)
    }

    @Test(
        "Junk, NOT_IMPLEMENTED and overflowing times read as nil",
        arguments: [
            "", "NOT_IMPLEMENTED", "0:00", "0:00:00:00", "-0:00:01", "+0:00:01", "0:60:00", "0:00:60", "0:000:00", "a:00:00",
            "0:00:0x", "1000000:00:00", "999999:00:00.001", "99999999999999999999:00:00", "0:00:00.", "0:00:00.1234567890", "0:00:00.3/2",
            "0:00:00.1/0", "0:00:00.1/2/3", "0:00:00.a", "0:00:00.1/", "0:00:00./2", "٣:00:00", "0:00:00.1.2",
            String(repeating: "9", count: 10_000) + ":00:00", "0 :00:00",
        ])
    func junkTimes(text: String) {
        #expect(UPnPTime.milliseconds(text) == nil)
    }

    @Test(
        "Seek targets are H:MM:SS.mmm, clamped",
        arguments: [
            (0, "0:00:00.000"), (1, "0:00:00.001"), (61_234, "0:01:01.234"), (3_723_004, "1:02:03.004"), (-5, "0:00:00.000"),
            (Int.min, "0:00:00.000"), (Int.max, "999999:00:00.000"),
        ])
    func seekTargets(ms: Int, text: String) {
        #expect(UPnPTime.string(milliseconds: ms) == text)
    }

    @Test("Written times read back to the same milliseconds", arguments: [0, 999, 1000, 59_999, 3_600_000, 86_399_999, 123_456_789])
    func roundTrip(ms: Int) {
        #expect(UPnPTime.milliseconds(UPnPTime.string(milliseconds: ms)) == ms)
    }

    @Test(
        "Sink lists take a MIME type by exact format, * or type/*, over http-get only, case-insensitively",
        arguments: [
            (["http-get:*:video/mp4:*"], "video/mp4", true),
            (["http-get:*:VIDEO/MP4:DLNA.ORG_PN=AVC_MP4_BL_CIF15_AAC_520"], "video/mp4", true),
            (["HTTP-GET:*:video/mp4:*"], "Video/MP4; codecs=avc1", true),
            (["http-get:*:*:*"], "video/x-matroska", true),
            (["http-get:*:video/*:*"], "video/webm", true),
            (["http-get:*:audio/*:*"], "video/webm", false),
            (["rtsp-rtp-udp:*:video/mp4:*"], "video/mp4", false),
            (["http-get:*:video/mpeg:*", "http-get:*:video/x-matroska:*"], "video/x-matroska", true),
            (["http-get:*:video/mp4"], "video/mp4", true),
            (["http-get:*"], "video/mp4", false),
            ([], "video/mp4", false),
            (["http-get:*:*:*"], "", false),
        ])
    func sinkMatching(sinks: [String], mime: String, accepted: Bool) {
        #expect(ProtocolInfo.accepts(sinks, mimeType: mime) == accepted)
    }

    @Test("Sink values split on commas, trimmed, bounded in number and length")
    func sinkEntries() {
        #expect(
            ProtocolInfo.entries("http-get:*:video/mp4:*, http-get:*:audio/mpeg:*,,\n") == [
                "http-get:*:video/mp4:*", "http-get:*:audio/mpeg:*",
            ])
        #expect(ProtocolInfo.entries("") == [])
        let many = Array(repeating: "http-get:*:video/mp4:*", count: 5000).joined(separator: ",")
        #expect(ProtocolInfo.entries(many).count == ProtocolInfo.maxEntries)
        let long = "http-get:*:video/" + String(repeating: "x", count: 600) + ":*"
        #expect(ProtocolInfo.entries(long + ",http-get:*:*:*") == ["http-get:*:*:*"])
    }

    @Test(
        "Device strings lose control characters and surrounding space, and are bounded",
        arguments: [
            ("Living room TV", "Living room TV"), ("  TV\n", "TV"), ("T\u{1B}[31mV", "T[31mV"), ("A\u{0}B\u{7F}C\u{85}D", "ABCD"),
            ("", ""), ("\u{9}\u{A}", ""), ("Télé 客厅", "Télé 客厅"),
        ])
    func deviceText(raw: String, clean: String) {
        #expect(NetworkText.cleaned(raw) == clean)
    }

    @Test("Device strings are cut at 256 characters, even when megabytes come")
    func deviceTextBound() {
        #expect(NetworkText.cleaned(String(repeating: "é", count: 1_000_000)).count == 256)
        #expect(NetworkText.cleaned(String(repeating: "\u{1}", count: 100_000) + "TV").isEmpty)
    }
}

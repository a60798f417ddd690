import Testing
import VideoToyCore

/// The row's metadata line and the failure messages the user reads.
struct MediaInfoTests {
    static let cut = "cut short at 62 % of its media data (the file ends at byte 6200 of 10000)"

    @Test(arguments: [
        (MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.264"), "1:01 · 1920×1080 · H.264"),
        (
            MediaInfo(durationMs: 61_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.264", damage: cut),
            "1:01 · 1920×1080 · H.264 · damaged: " + cut
        ),
        (MediaInfo(durationMs: 5_000, audioCodec: "Opus", damage: cut), "0:05 · audio only (Opus) · damaged: " + cut),
        (
            MediaInfo(
                durationMs: 5_000, videoSize: PixelSize(width: 640, height: 360), videoCodec: "Dirac", missingDecoders: ["Dirac"],
                damage: cut),
            "0:05 · 640×360 · Dirac · no decoder for Dirac · damaged: " + cut
        ),
        // Picture subtitles lack no decoder: the app draws text only, and the row says they are not shown.
        (
            MediaInfo(
                durationMs: 5_000, videoSize: PixelSize(width: 720, height: 576), videoCodec: "MPEG-2",
                unshownSubtitles: ["DVD subtitles", "PGS subtitles"]),
            "0:05 · 720×576 · MPEG-2 · DVD subtitles, PGS subtitles not shown"
        ),
    ])
    func summaryNamesTheDamageLast(info: MediaInfo, summary: String) {
        #expect(info.summary == summary)
    }

    static let hd = PixelSize(width: 1920, height: 1080)
    static let uhd = PixelSize(width: 3840, height: 2160)

    @Test(
        "bit depth beyond 8, HDR, interlacing and a container worth naming join the line; the ordinary stays quiet",
        arguments: [
            (MediaInfo(durationMs: 2_000, videoSize: uhd, videoCodec: "H.265", bitDepth: 8), "0:02 · 3840×2160 · H.265"),
            (MediaInfo(durationMs: 2_000, videoSize: uhd, videoCodec: "H.265", bitDepth: 10), "0:02 · 3840×2160 · H.265 · 10-bit"),
            (
                MediaInfo(durationMs: 2_000, videoSize: uhd, videoCodec: "H.265", bitDepth: 10, transfer: .pq),
                "0:02 · 3840×2160 · H.265 · 10-bit · HDR (PQ)"
            ),
            (
                MediaInfo(durationMs: 2_000, videoSize: hd, videoCodec: "VP9", bitDepth: 10, transfer: .hlg, container: .common),
                "0:02 · 1920×1080 · VP9 · 10-bit · HDR (HLG)"
            ),
            (MediaInfo(durationMs: 2_000, videoSize: hd, videoCodec: "ProRes", bitDepth: 12), "0:02 · 1920×1080 · ProRes · 12-bit"),
            (
                MediaInfo(durationMs: 1_000, videoSize: hd, videoCodec: "H.264", audioCodec: "AC-3", interlaced: true, container: .m2ts),
                "0:01 · 1920×1080i · H.264 · AVCHD"
            ),
            (MediaInfo(durationMs: 1_000, videoSize: hd, videoCodec: "MPEG-2", container: .m2ts), "0:01 · 1920×1080 · MPEG-2 · M2TS"),
            (
                MediaInfo(
                    durationMs: 1_000, videoSize: PixelSize(width: 720, height: 576), videoCodec: "MPEG-2", interlaced: true,
                    container: .mpegTS),
                "0:01 · 720×576i · MPEG-2 · MPEG-TS"
            ),
            (MediaInfo(durationMs: 1_000, videoSize: hd, videoCodec: "DNxHD", container: .mxf), "0:01 · 1920×1080 · DNxHD · MXF"),
            (
                MediaInfo(durationMs: 1_000, videoSize: hd, videoCodec: "MPEG-4 Part 2", container: .common),
                "0:01 · 1920×1080 · MPEG-4 Part 2"
            ),
            // Sound has no pictures to be HDR or interlaced: a stray video fact never reaches an audio-only row.
            (
                MediaInfo(durationMs: 1_000, audioCodec: "PCM", bitDepth: 24, transfer: .pq, container: .mxf),
                "0:01 · audio only (PCM) · MXF"
            ),
            (
                MediaInfo(durationMs: 1_000, videoSize: hd, videoCodec: "H.265", bitDepth: 10, container: .mxf),
                "0:01 · 1920×1080 · H.265 · 10-bit · MXF"
            ),
        ])
    func summaryNamesTheFormatPeopleKnow(info: MediaInfo, summary: String) {
        #expect(info.summary == summary)
    }
}

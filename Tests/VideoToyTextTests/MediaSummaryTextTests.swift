import Testing
import VideoToyCore
import VideoToyText

/// The row's line in English: the figures and names, and the part that names soundtracks and subtitles.
struct MediaSummaryTextTests {
    static let en = Language(tag: "eng")
    static let fr = Language(tag: "fre")
    static let de = Language(tag: "de")

    @Test(
        "soundtracks are counted and named when there is a choice, subtitles named when there are any",
        arguments: [
            ([], [], nil),
            ([en], [], nil),
            ([nil], [], nil),
            ([en, fr], [], "2 audio (en, fr)"),
            // Unknown languages count but are not named; with none known there is nothing to put in brackets.
            ([en, nil, fr], [], "3 audio (en, fr)"),
            ([nil, nil], [], "2 audio"),
            // Two English soundtracks (a commentary, say) are two tracks but one language.
            ([en, en, fr], [], "3 audio (en, fr)"),
            ([], [en, fr], "subtitles en, fr"),
            ([en], [fr, en, fr], "subtitles fr, en"),
            ([en], [nil], "subtitles"),
            ([], [nil, de], "subtitles de"),
            ([en, fr], [en, fr], "2 audio (en, fr) · subtitles en, fr"),
            ([Language(tag: "fr-CA"), Language(tag: "fra")], [Language(tag: "zxx")], "2 audio (fr) · subtitles"),
        ] as [([Language?], [Language?], String?)])
    func line(audio: [Language?], subtitles: [Language?], expected: String?) {
        #expect(Self.tracks(audio: audio, subtitles: subtitles) == expected)
    }

    /// The line's part after a video's figures, nil when there is none.
    static func tracks(audio: [Language?], subtitles: [Language?], sidecars: [Language?] = []) -> String? {
        let info = MediaInfo(
            durationMs: 1_000, videoSize: PixelSize(width: 64, height: 48), videoCodec: "VP9", audioLanguages: audio,
            subtitleLanguages: subtitles)
        let line = MediaSummary(info, sidecars: sidecars).text(in: .english)
        let figures = "0:01 · 64×48 · VP9"
        return line == figures ? nil : String(line.dropFirst(figures.count + " · ".count))
    }

    @Test(
        "subtitle files beside the video join the embedded tracks, each language once, embedded ones first",
        arguments: [
            ([], [], [en, fr], "subtitles en, fr"),
            ([en, fr], [], [en, fr], "2 audio (en, fr) · subtitles en, fr"),
            ([en], [en], [de, en], "subtitles en, de"),
            ([en], [fr, nil], [en, fr], "subtitles fr, en"),
            // A file whose name gives no language counts as subtitles but names none.
            ([en], [], [nil], "subtitles"),
            ([en], [nil], [nil, de], "subtitles de"),
            ([en], [], [], nil),
        ] as [([Language?], [Language?], [Language?], String?)])
    func lineWithFiles(audio: [Language?], subtitles: [Language?], sidecars: [Language?], expected: String?) {
        #expect(Self.tracks(audio: audio, subtitles: subtitles, sidecars: sidecars) == expected)
    }

    @Test(
        "the row's line names the tracks after the container and before what is wrong",
        arguments: [
            (
                MediaInfo(
                    durationMs: 2_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "H.264", audioCodec: "AAC",
                    container: .common, audioLanguages: [en, fr], subtitleLanguages: [en, fr]),
                "0:02 · 320×240 · H.264 · 2 audio (en, fr) · subtitles en, fr"
            ),
            (
                MediaInfo(
                    durationMs: 2_000, videoSize: PixelSize(width: 720, height: 576), videoCodec: "MPEG-2", missingDecoders: ["Dirac"],
                    damage: "cut short", container: .mpegTS, audioLanguages: [de, nil]),
                "0:02 · 720×576 · MPEG-2 · MPEG-TS · 2 audio (de) · no decoder for Dirac · damaged: cut short"
            ),
            (
                MediaInfo(durationMs: 5_000, audioCodec: "Opus", audioLanguages: [en], subtitleLanguages: [nil]),
                "0:05 · audio only (Opus) · subtitles"
            ),
            (
                MediaInfo(durationMs: 5_000, videoSize: PixelSize(width: 320, height: 240), videoCodec: "VP8", audioLanguages: [fr]),
                "0:05 · 320×240 · VP8"
            ),
        ])
    func summary(info: MediaInfo, expected: String) {
        #expect(MediaSummary(info).text(in: .english) == expected)
    }

    @Test(
        "bit depth beyond 8, HDR, interlacing, pictures subtitles and missing decoders are named",
        arguments: [
            (
                MediaInfo(
                    durationMs: 3_723_000, videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "H.265", bitDepth: 10,
                    transfer: .pq),
                "1:02:03 · 1920×1080 · H.265 · 10-bit · HDR (PQ)"
            ),
            (
                MediaInfo(
                    videoSize: PixelSize(width: 1920, height: 1080), videoCodec: "MPEG-2", bitDepth: 8, interlaced: true,
                    unshownSubtitles: ["DVD subtitles", "PGS subtitles"]),
                "1920×1080i · MPEG-2 · DVD subtitles, PGS subtitles not shown"
            ),
            (MediaInfo(missingDecoders: ["Dirac", "Opus"]), "audio only · no decoder for Dirac, Opus"),
            (
                MediaInfo(durationMs: 1_000, videoSize: PixelSize(width: 1080, height: 1920), videoCodec: "H.264", rotation: 90),
                "0:01 · 1920×1080 · H.264"
            ),
        ])
    func details(info: MediaInfo, expected: String) {
        #expect(MediaSummary(info).text(in: .english) == expected)
    }

    @Test("the longest duration reads without trapping")
    func longestDuration() {
        #expect(MediaSummary(MediaInfo(durationMs: Int.max)).text(in: .english).hasPrefix("2562047788015:"))
    }
}

import Testing
import VideoToyCore

/// The part of the row's line that names soundtracks and subtitles.
struct TrackSummaryTests {
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
        #expect(TrackSummary.line(audio: audio, subtitles: subtitles) == expected)
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
        #expect(TrackSummary.line(audio: audio, subtitles: subtitles, sidecars: sidecars) == expected)
        let info = MediaInfo(
            durationMs: 1_000, videoSize: PixelSize(width: 64, height: 48), videoCodec: "VP9", audioLanguages: audio,
            subtitleLanguages: subtitles)
        #expect(info.summary(sidecars: sidecars) == (["0:01 · 64×48 · VP9"] + (expected.map { [$0] } ?? [])).joined(separator: " · "))
        #expect(info.summary == info.summary(sidecars: []))
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
        #expect(info.summary == expected)
    }

    @Test func languagesTellRowsApart() {
        let english = MediaInfo(durationMs: 1_000, audioLanguages: [Self.en])
        #expect(english != MediaInfo(durationMs: 1_000, audioLanguages: [Self.fr]))
        #expect(english == MediaInfo(durationMs: 1_000, audioLanguages: [Language(tag: "en")]))
        #expect(Set([english, MediaInfo(durationMs: 1_000, subtitleLanguages: [Self.en])]).count == 2)
    }
}

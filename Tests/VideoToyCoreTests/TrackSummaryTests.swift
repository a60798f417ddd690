import Testing
import VideoToyCore

/// The languages a probe found tell its results apart (the rows' lines name them).
struct TrackSummaryTests {
    static let en = Language(tag: "eng")
    static let fr = Language(tag: "fre")
    static let de = Language(tag: "de")

    @Test func languagesTellRowsApart() {
        let english = MediaInfo(durationMs: 1_000, audioLanguages: [Self.en])
        #expect(english != MediaInfo(durationMs: 1_000, audioLanguages: [Self.fr]))
        #expect(english == MediaInfo(durationMs: 1_000, audioLanguages: [Language(tag: "en")]))
        #expect(Set([english, MediaInfo(durationMs: 1_000, subtitleLanguages: [Self.en])]).count == 2)
    }
}

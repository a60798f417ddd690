import Testing
import VideoToyCore

/// The SubRip text a TV is given: numbered, timed, plain, in order, bounded.
@Suite("SubRip for a TV")
struct SubRipWriterTests {
    func cue(_ start: Int, _ end: Int, _ text: String) -> SubtitleCue {
        SubtitleCue(startMs: start, endMs: end, text: text)
    }

    @Test func cuesAreWrittenInOrderNumberedAndTimed() {
        let text = SubRipWriter.text(of: [cue(61_500, 63_000, "Second"), cue(1000, 2500, "First\nline two")])
        #expect(text == "1\n00:00:01,000 --> 00:00:02,500\nFirst\nline two\n\n2\n00:01:01,500 --> 00:01:03,000\nSecond\n\n")
    }

    /// Cues a TV could not show, or that would break the format, are left out.
    @Test(arguments: [[(5000, 5000, "zero length")], [(-10, 100, "before zero")], [(100, 50, "backwards")], [(0, 100, "\n\n")]])
    func cuesThatCannotShowAreLeftOut(raw: [(Int, Int, String)]) {
        #expect(SubRipWriter.text(of: raw.map { cue($0.0, $0.1, $0.2) }) == nil)
    }

    @Test func blankLinesInsideACueCannotEndItEarly() {
        let text = SubRipWriter.text(of: [cue(0, 1000, "a\n\n\nb\r\nc")])
        #expect(text == "1\n00:00:00,000 --> 00:00:01,000\na\nb\nc\n\n")
    }

    @Test func longFilmsKeepTheirHours() {
        #expect(
            SubRipWriter.text(of: [cue(100 * 3_600_000, 100 * 3_600_000 + 1, "x")])?.contains("100:00:00,000 --> 100:00:00,001") == true)
    }

    @Test func theCountIsBounded() {
        let many = (0..<(SubRipWriter.maxCues + 50)).map { cue($0 * 10, $0 * 10 + 5, "c") }
        let text = SubRipWriter.text(of: many) ?? ""
        #expect(text.components(separatedBy: " --> ").count - 1 == SubRipWriter.maxCues)
    }

    @Test func theDescriptionNamesTheSubtitlesForTVsThatReadThem() {
        let xml = DIDLLite.videoItem(
            title: "Film", url: "http://h/cast/t/video.mp4", mimeType: "video/mp4", subtitlesURL: "http://h/cast/t/subtitles.srt?a&b")
        #expect(xml.contains("<res protocolInfo=\"http-get:*:text/srt:*\">http://h/cast/t/subtitles.srt?a&amp;b</res>"))
        #expect(xml.contains("<sec:CaptionInfoEx sec:type=\"srt\">http://h/cast/t/subtitles.srt?a&amp;b</sec:CaptionInfoEx>"))
        #expect(xml.contains("xmlns:sec=\"http://www.sec.co.kr/\""))
        #expect(!DIDLLite.videoItem(title: "Film", url: "u", mimeType: "video/mp4").contains("CaptionInfoEx"))
    }
}

import Testing
import VideoToyCore

/// Styled cues shown together: their runs kept, one cue a line, and the place of the row that wins.
struct StyledShowTests {
    @Test func cuesShownTogetherKeepTheirStylesOneALine() {
        let italic = SubtitleCue(startMs: 0, endMs: 1000, styled: StyleCode.text([("Who", "i"), (" said", "")]))
        let red = SubtitleCue(
            startMs: 0, endMs: 1000, styled: StyleCode.text([("that?", "#ff0000")]),
            placement: SubtitlePlacement(row: .bottom, column: .left))
        var show = SubtitleShow()
        show.show(CueTimeline([italic, red]))
        let shown = show.shown(atMs: 500)
        #expect(shown?.styled == StyleCode.text([("Who", "i"), (" said\n", ""), ("that?", "#ff0000")]))
        #expect(shown?.text == "Who said\nthat?")
        #expect(shown?.placement == .bottom, "the first cue of the row says where")
    }

    @Test func aCueAtTheBottomLeftWinsOverASignAndKeepsItsPlace() {
        let sign = SubtitleCue(startMs: 0, endMs: 1000, text: "EXIT", placement: SubtitlePlacement(row: .top, column: .right))
        let speaker = SubtitleCue(startMs: 0, endMs: 1000, text: "- Hi", placement: SubtitlePlacement(row: .bottom, column: .left))
        var show = SubtitleShow()
        show.show(CueTimeline([sign, speaker]))
        #expect(show.shown(atMs: 0) == ShownSubtitle(text: "- Hi", placement: SubtitlePlacement(row: .bottom, column: .left)))
        show.show(CueTimeline([sign]))
        #expect(show.shown(atMs: 0) == ShownSubtitle(text: "EXIT", placement: SubtitlePlacement(row: .top, column: .right)))
    }

    @Test func aMiddleCueIsNoDialogueRow() {
        let middle = SubtitleCue(startMs: 0, endMs: 1000, text: "Title", placement: SubtitlePlacement(row: .middle, column: .centre))
        let bottom = SubtitleCue(startMs: 0, endMs: 1000, text: "Line")
        var show = SubtitleShow()
        show.show(CueTimeline([middle, bottom]))
        #expect(show.shown(atMs: 0)?.text == "Line")
    }
}

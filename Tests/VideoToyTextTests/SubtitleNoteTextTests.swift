import Testing
import VideoToyCore
import VideoToyText

/// The notes on subtitle tracks that show fewer cues than they should, in the English the events log and the tests
/// of the whole app read.
@Suite("Subtitle notes")
struct SubtitleNoteTextTests {
    @Test(
        "a subtitle file's note says its name, then what is wrong and what of it shows",
        arguments: [
            (SubtitleProblem.damaged(atLine: 57, before: 12, after: 0), "film.srt is damaged at line 57: the 12 cues before it are shown"),
            (.damaged(atLine: 9, before: 1, after: 0), "film.srt is damaged at line 9: the cue before it is shown"),
            (.damaged(atLine: 3, before: 0, after: 4), "film.srt is damaged at line 3: the 4 cues after it are shown"),
            (.damaged(atLine: 3, before: 0, after: 1), "film.srt is damaged at line 3: the cue after it is shown"),
            (
                .damaged(atLine: 30, before: 5, after: 1),
                "film.srt is damaged at line 30: the 5 cues before it and the cue after it are shown"
            ),
            (.damaged(atLine: 2, before: 0, after: 0), "film.srt is damaged at line 2: no cue could be read"),
            (.notA(.subRip), "film.srt is not a SubRip file"), (.notA(.webVTT), "film.srt is not a WebVTT file"),
            (.notA(.ass), "film.srt is not an ASS file"), (.notA(.ssa), "film.srt is not an SSA file"), (.empty, "film.srt is empty"),
            (.notText, "film.srt is not a text file"), (.noSubtitles, "film.srt has no subtitles in it"),
            (.tooLarge, "film.srt is too large for a subtitle file"), (.unreadable, "film.srt could not be read"),
            (.tooSlow(seconds: 5), "film.srt is too slow to read (more than 5 s)"),
            (.notReached, "film.srt was not read: reading the subtitle files before it took too long"),
        ])
    func fileNotes(_ problem: SubtitleProblem, _ sentence: String) {
        #expect(SubtitleNote.file(name: "film.srt", problem: problem).text(in: .english) == sentence)
    }

    @Test(
        "a track of the video's own says how far it was read",
        arguments: [
            (CueReadEnd.complete, 0, "This track has no subtitles in it"),
            (.damaged(atMs: 83_000), 12, "The file is damaged after 1:23: the 12 cues before it are shown"),
            (.damaged(atMs: 4000), 1, "The file is damaged after 0:04: the cue before it is shown"),
            (.damaged(atMs: nil), 0, "The file is damaged: no cue of this track could be read"),
            (.tooLarge(atMs: 3_723_000), 900, "This track holds more than 8 MiB of text: the cues up to 1:02:03 are shown"),
            (.tookTooLong(atMs: 600_000), 40, "Reading this track took too long: the cues up to 10:00 are shown"),
            (.tookTooLong(atMs: nil), 0, "Reading this track took too long: no cue could be read"),
        ] as [(CueReadEnd, Int, String)])
    func trackNotes(_ end: CueReadEnd, _ cueCount: Int, _ sentence: String) {
        #expect(SubtitleNote.track(end: end, cueCount: cueCount).text(in: .english) == sentence)
    }

    @Test func theTerminalAndTheLogSayTheNoteAsTheMenuDoes() {
        let note = SubtitleNote.file(name: "film.es.srt", problem: .notText)
        #expect(LogMessage.subtitles(note).text(in: .english) == "film.es.srt is not a text file")
        #expect(TrackMenu.Note.problem(note).text(in: .english) == "film.es.srt is not a text file")
    }
}

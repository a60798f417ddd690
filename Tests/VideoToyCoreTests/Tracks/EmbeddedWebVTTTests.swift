import Testing
import VideoToyCore

/// WebVTT cues read packet by packet out of a Matroska file: their times, text, placement and bounds, and the notes
/// on a read that stopped early.
struct EmbeddedWebVTTTests {
    struct Packet: Sendable {
        let startMs: Int
        let durationMs: Int
        let text: String
        var settings = ""
    }

    struct Case: Sendable, CustomStringConvertible {
        let label: String
        let packets: [Packet]
        let cues: [SubtitleCue]

        var description: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "times from the container, text as it is",
            packets: [Packet(startMs: 500, durationMs: 1500, text: "Hallo"), Packet(startMs: 2500, durationMs: 1000, text: "Zwei")],
            cues: [SubtitleCue(startMs: 500, endMs: 2000, text: "Hallo"), SubtitleCue(startMs: 2500, endMs: 3500, text: "Zwei")]),
        Case(
            label: "markup removed and lines kept, as in a WebVTT file",
            packets: [Packet(startMs: 0, durationMs: 1000, text: "<v Anna>Hallo <i>aus</i> der\ndeutschen Spur")],
            cues: [SubtitleCue(startMs: 0, endMs: 1000, text: "Hallo aus der\ndeutschen Spur")]),
        Case(
            label: "a line setting near the top places the cue at the top, its align at the start side",
            packets: [Packet(startMs: 0, durationMs: 1000, text: "Oben", settings: "line:0 align:start")],
            cues: [SubtitleCue(startMs: 0, endMs: 1000, text: "Oben", placement: SubtitlePlacement(row: .top, column: .left))]),
        Case(
            label: "a blank line or an arrow in the text does not end the cue early",
            packets: [Packet(startMs: 0, durationMs: 1000, text: "Eins\n\nZwei --> Drei")],
            cues: [SubtitleCue(startMs: 0, endMs: 1000, text: "Eins\nZwei → Drei")]),
        Case(
            label: "cues that never show are passed over: no duration, no text, before the video",
            packets: [
                Packet(startMs: 0, durationMs: 0, text: "Null"), Packet(startMs: 100, durationMs: 500, text: " \n"),
                Packet(startMs: -900, durationMs: 800, text: "Vorher"), Packet(startMs: -200, durationMs: 700, text: "Anfang"),
            ],
            cues: [SubtitleCue(startMs: 0, endMs: 500, text: "Anfang")]),
        Case(
            label: "sorted by start, past an hour",
            packets: [
                Packet(startMs: 3_723_456, durationMs: 1000, text: "Später"), Packet(startMs: 1000, durationMs: 1000, text: "Früher"),
            ],
            cues: [
                SubtitleCue(startMs: 1000, endMs: 2000, text: "Früher"), SubtitleCue(startMs: 3_723_456, endMs: 3_724_456, text: "Später"),
            ]),
    ]

    @Test("packets become the cues a WebVTT file would give", arguments: cases)
    func packets(_ row: Case) {
        var track = EmbeddedWebVTT()
        for packet in row.packets {
            let kept = track.add(
                startMs: packet.startMs, durationMs: packet.durationMs, text: Array(packet.text.utf8), settings: Array(packet.settings.utf8)
            )
            #expect(kept)
        }
        // Times, text and place; the styles the markup gives are the WebVTT reader's, tested with it.
        #expect(track.cues.map { [$0.startMs, $0.endMs] } == row.cues.map { [$0.startMs, $0.endMs] })
        #expect(track.cues.map(\.text) == row.cues.map(\.text))
        #expect(track.cues.map(\.placement) == row.cues.map(\.placement))
    }

    @Test func textBeyondTheBoundIsRefusedAndWhatCameBeforeKept() {
        var track = EmbeddedWebVTT()
        let line = Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
        var kept = 0
        while track.add(startMs: kept * 1000, durationMs: 500, text: line) { kept += 1 }
        #expect(kept == EmbeddedWebVTT.largestText >> 20)
        #expect(track.byteCount <= EmbeddedWebVTT.largestText)
        #expect(track.lastStartMs == (kept - 1) * 1000)
        #expect(track.cues.count == kept)
    }

    @Test(
        "a read that stopped early, or found nothing, says so in the track's note; a whole read has none",
        arguments: [
            (CueReadEnd.complete, 3, false), (.complete, 0, true), (.damaged(atMs: 83_000), 12, true), (.damaged(atMs: nil), 0, true),
            (.tooLarge(atMs: 3_723_000), 900, true), (.tookTooLong(atMs: 600_000), 40, true), (.tookTooLong(atMs: nil), 0, true),
        ] as [(CueReadEnd, Int, Bool)])
    func notes(end: CueReadEnd, cueCount: Int, noted: Bool) {
        #expect(end.note(cueCount: cueCount) == (noted ? .track(end: end, cueCount: cueCount) : nil))
    }

    @Test func theTracksReadComeAheadOfTheFilesBesideTheVideoWithTheirNotes() {
        let de = MediaTrack(id: .subtitles(0), language: Language(tag: "de"), codec: "WebVTT")
        let en = MediaTrack(id: .subtitles(2), language: Language(tag: "en"), codec: "WebVTT")
        let read = ContainerSubtitles(
            tracks: [de, en], cues: [de.id: [SubtitleCue(startMs: 0, endMs: 1000, text: "Hallo")]], end: .damaged(atMs: 0))
        #expect(read.timelines[de.id]?.text(atMs: 500) == "Hallo")
        #expect(read.timelines[en.id]?.text(atMs: 500) == nil)
        let file = MediaTrack(id: .sidecar("film.fr.srt"), codec: "SubRip")
        let damaged = SubtitleNote.file(name: "film.fr.srt", problem: .damaged(atLine: 9, before: 1, after: 0))
        let report = read.adding(to: SidecarReport(tracks: [file], notes: [file.id: damaged]))
        #expect(report.tracks == [de, en, file])
        #expect(report.notes[file.id] == damaged)
        #expect(report.notes[de.id] == .track(end: .damaged(atMs: 0), cueCount: 1))
        #expect(report.notes[en.id] == .track(end: .damaged(atMs: 0), cueCount: 0))
    }
}

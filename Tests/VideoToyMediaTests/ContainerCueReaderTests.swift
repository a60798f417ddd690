import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// The WebVTT tracks of WebM files, read out of the file with libavformat as the app reads them: the track as the menu
/// lists it, its cues with their times, and copies cut short or damaged, which give the cues before the damage or a
/// note, and always an answer.
@Suite("Container cue reader", .timeLimit(.minutes(2)))
struct ContainerCueReaderTests {
    /// Matroska and WebM shift every stream by the Opus encoder's priming (14 ms); a cue is where the fixture put it,
    /// give or take that.
    static let slackMs = 40

    @Test("webvtt.webm's German track is listed by language with codec WebVTT, and gives the fixture's cue and times")
    func fixtureTrack() async throws {
        let clip = try await TrackClipFixtures.clip("webvtt.webm")
        let read = ContainerCueReader.read(clip.path)
        #expect(read.tracks == clip.subtitles.map { MediaTrack(id: $0.id, language: $0.language, codec: "WebVTT") })
        #expect(read.notes.isEmpty, "\(read.notes)")
        let id = try #require(clip.subtitles.first?.id)
        let timeline = try #require(read.timelines[id])
        let expected = try #require(clip.cues[id])
        for cue in expected {
            #expect(timeline.text(atMs: cue.startMs + Self.slackMs) == cue.text)
            #expect(timeline.text(atMs: cue.endMs - Self.slackMs) == cue.text)
        }
        #expect(timeline.cues(atMs: expected[0].endMs + Self.slackMs).isEmpty)
        #expect(TrackClips.germanText == expected[0].text)
    }

    @Test("mkvmerge's WebVTT (S_TEXT/WEBVTT) is read too: language, times, and the settings from the block's additions")
    func mkvmergeTrack() throws {
        var cues: [FixtureCue] = []
        let path = try Fixtures.file("mkvmerge-webvtt.mkv") { cues = try TrackClips.makeMkvmergeWebVTT(at: $0) }
        if cues.isEmpty {
            cues = [FixtureCue(startMs: 500, endMs: 1500, text: "Oben"), FixtureCue(startMs: 1600, endMs: 1900, text: "Unten")]
        }
        let read = ContainerCueReader.read(path)
        // mkvmerge marks every track default unless told otherwise.
        #expect(read.tracks == [MediaTrack(id: .subtitles(0), language: Language(tag: "de"), codec: "WebVTT", isDefault: true)])
        let timeline = try #require(read.timelines[.subtitles(0)])
        #expect(timeline.text(atMs: cues[0].startMs + Self.slackMs, placement: .top) == "Oben", "line:0 puts it at the top")
        #expect(timeline.text(atMs: cues[0].endMs - Self.slackMs, placement: .top) == "Oben")
        #expect(timeline.text(atMs: cues[1].startMs + Self.slackMs) == "Unten", "no settings: the bottom")
        #expect(timeline.cues(atMs: 1550).isEmpty && timeline.cues(atMs: 100).isEmpty)
        #expect(read.notes.isEmpty, "\(read.notes)")
    }

    @Test("a file without WebVTT gives nothing, quickly", arguments: ["tracks.mkv", "movtext.mp4", "plain.mp4"])
    func others(_ fileName: String) async throws {
        let clip = try await TrackClipFixtures.clip(fileName)
        let read = ContainerCueReader.read(clip.path)
        #expect(read.tracks.isEmpty && read.timelines.isEmpty && read.notes.isEmpty)
    }

    @Test("a run of cues comes back whole, each at its time")
    func cueRun() throws {
        let (path, cues) = try Self.cueRun()
        let read = ContainerCueReader.read(path)
        let timeline = try #require(read.timelines[.subtitles(0)])
        #expect(cues.map { timeline.text(atMs: $0.startMs + Self.slackMs) } == cues.map(\.text))
        #expect(read.notes.isEmpty, "\(read.notes)")
    }

    @Test("a copy cut short gives the cues before the cut, in order, or a note", arguments: [15, 35, 50, 75, 95])
    func cutShort(percent: Int) throws {
        let (path, cues) = try Self.cueRun()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = Fixtures.folder + "/webvtt-run-cut-\(percent).webm"
        try bytes.prefix(bytes.count * percent / 100).write(to: URL(fileURLWithPath: cut))
        let read = ContainerCueReader.read(cut)
        // Cut inside its header the file has no track to list; past it, the track is there.
        guard let timeline = read.timelines[.subtitles(0)] else {
            #expect(read.tracks.isEmpty)
            return
        }
        let shown = cues.filter { timeline.text(atMs: $0.startMs + Self.slackMs) != nil }
        #expect(shown.map(\.text) == cues.prefix(shown.count).map(\.text), "the cues before the cut, none after: \(shown)")
        #expect(shown.count < cues.count || percent == 95, "cut at \(percent) %, yet every cue was read")
        #expect(!shown.isEmpty || read.notes[.subtitles(0)] != nil, "no cue and no note")
    }

    @Test("damaged copies always give an answer, never a cue that is not the fixture's", arguments: 0..<24)
    func mutated(seed: UInt64) throws {
        let (path, cues) = try Self.cueRun()
        let mutator = HeaderMutator(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        try #require(mutator.structureCount > 0)
        let (bytes, what) = mutator.mutate(seed: seed)
        let copy = Fixtures.folder + "/webvtt-run-mutated-\(seed).webm"
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        let started = ContinuousClock.now
        let read = ContainerCueReader.read(copy)
        #expect(ContinuousClock.now - started < .seconds(ContainerCueReader.seconds + 2), "\(what)")
        let texts = Set(cues.map(\.text))
        for timeline in read.timelines.values {
            let seen = cues.compactMap { timeline.text(atMs: $0.startMs + Self.slackMs) }
            #expect(seen.allSatisfy { $0.split(separator: "\n").allSatisfy { texts.contains(String($0)) } }, "\(what): \(seen)")
        }
    }

    /// The run of 20 numbered cues, made once.
    private static func cueRun() throws -> (path: String, cues: [FixtureCue]) {
        let cues = CueRun.cues
        let path = try Fixtures.file("webvtt-run.webm") { _ = try TrackClips.makeWebVTTCueRun(at: $0) }
        return (path, cues)
    }

    private enum CueRun {
        static let cues = (0..<20).map { FixtureCue(startMs: $0 * 250, endMs: ($0 + 1) * 250, text: "Zeile \($0 + 1)") }
    }
}

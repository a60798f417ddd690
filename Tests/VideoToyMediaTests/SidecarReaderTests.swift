import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// The subtitle files beside `plain.mp4`, read through the backend as the app reads them: three text encodings and a
/// forced ASS file with exactly their texts, and a damaged, a binary and an empty file each with a note.
@Suite("Sidecar reader")
struct SidecarReaderTests {
    /// What the backend reads beside `plain.mp4`, with the fixtures it must match.
    private static func read() async throws -> (sidecars: SidecarSubtitles, set: TrackClipSet) {
        let set = try await TrackClipFixtures.set()
        return (GStreamerBackend().sidecars(path: set.plain.path), set)
    }

    @Test("every file with cues is a track, as its name declares it; only the binary and the empty one are unusable")
    func tracks() async throws {
        let (sidecars, set) = try await Self.read()
        let showable = set.sidecars.filter { $0.damage == .none || $0.damage == .malformedHalfway }
        #expect(Set(sidecars.report.tracks) == Set(showable.map(\.track)), "\(sidecars.report.tracks)")
        #expect(sidecars.report.tracks.count == showable.count)
        #expect(Set(sidecars.report.unusable) == [.sidecar("plain.es.srt"), .sidecar("plain.pt.srt")])
        #expect(Set(sidecars.timelines.keys) == Set(showable.map(\.track.id)))
        #expect(sidecars.report.tracks.filter(\.isForced).map(\.id) == [.sidecar("plain.fr.forced.ass")])
    }

    @Test("each file's cues have exactly the fixture's texts and times, whatever its encoding", arguments: TrackClips.sidecarNames)
    func cues(_ fileName: String) async throws {
        let (sidecars, set) = try await Self.read()
        let fixture = try #require(set.sidecar(fileName))
        let read = sidecars.timelines[fixture.track.id].map(Self.allCues) ?? []
        #expect(read.map(\.text) == fixture.cues.map(\.text), "\(fileName) read as \(read.map(\.text))")
        #expect(read.map(\.startMs) == fixture.cues.map(\.startMs), "\(fileName)")
        #expect(read.map(\.endMs) == fixture.cues.map(\.endMs), "\(fileName)")
        // UTF-8 read as Latin-1, or Windows-1252 as UTF-8, would show these.
        #expect(!read.contains { $0.text.contains("Ã") || $0.text.contains("\u{FFFD}") }, "\(read)")
    }

    @Test("a note names each broken file and what of it shows; the good files have none")
    func notes() async throws {
        let (sidecars, set) = try await Self.read()
        #expect(sidecars.report.notes[.sidecar("plain.es.srt")] == .file(name: "plain.es.srt", problem: .notText))
        #expect(sidecars.report.notes[.sidecar("plain.pt.srt")] == .file(name: "plain.pt.srt", problem: .empty))
        let damaged = try #require(Self.damage(sidecars.report.notes[.sidecar("plain.it.srt")]), "\(sidecars.report.notes)")
        #expect(damaged.before == 2 && damaged.after == 0, "\(damaged)")
        let broken = set.sidecars.filter { $0.damage != .none }.map(\.track.id)
        #expect(Set(sidecars.report.notes.keys) == Set(broken), "\(sidecars.report.notes)")
    }

    @Test("the damaged file's line number is the first line of its garbage")
    func damageLine() async throws {
        let (sidecars, set) = try await Self.read()
        let file = try #require(set.sidecar("plain.it.srt"))
        let number = try #require(Self.damage(sidecars.report.notes[file.track.id])?.line, "\(sidecars.report.notes)")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let goodLines = lines.prefix(number - 1)
        // Everything before the reported line holds the good cues only; the reported line is where the garbage begins.
        #expect(file.cues.allSatisfy { cue in goodLines.contains(cue.text) }, "line \(number) of \(lines)")
        #expect(!goodLines.contains { $0.contains("soon") || $0.contains("<<<") }, "line \(number) of \(lines)")
    }

    /// Where a note says its file is damaged, and how many cues it shows on either side; nil for any other note.
    static func damage(_ note: SubtitleNote?) -> (line: Int, before: Int, after: Int)? {
        guard case .file(_, .damaged(let line, let before, let after))? = note else { return nil }
        return (line, before, after)
    }

    /// Every cue of `timeline`, by start, each once.
    static func allCues(_ timeline: CueTimeline) -> [SubtitleCue] {
        var found: [SubtitleCue] = []
        var time: Int? = 0
        while let now = time {
            for cue in timeline.cues(atMs: now) where !found.contains(cue) { found.append(cue) }
            time = timeline.nextChange(afterMs: now)
        }
        return found.sorted { $0.startMs < $1.startMs }
    }
}

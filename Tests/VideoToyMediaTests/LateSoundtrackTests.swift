import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// A fragmented MP4 whose soundtrack's 'tfdt' holds a 32-bit −1: qtdemux starts that sound 27 hours in, so the
/// video never finished and the row read a day long. The sound is left out, the picture plays and ends at its end.
@Suite("Late soundtracks", .serialized, .timeLimit(.minutes(2)))
@MainActor
struct LateSoundtrackTests {
    private static func clip(_ clip: ClipFactory.FragmentClip) throws -> String {
        try Fixtures.file(clip.rawValue) { try ClipFactory.make(clip, at: $0) }
    }

    private static func probe(_ path: String) async throws -> MediaInfo {
        try await Catalogue.onOwnThread { try MediaProber(timeoutSeconds: 10).probe(path: path).get() }
    }

    @Test("the row gives the picture's duration and says the sound was left out, and why")
    func row() async throws {
        let info = try await Self.probe(try Self.clip(.lateSound))
        // Before: 27:03:12, the soundtrack's end, and nothing said.
        let duration = try #require(info.durationMs, "\(info)")
        #expect(abs(duration - 1000) <= 100, "\(info)")
        let start = TimeFormat.clock(milliseconds: ClipFactory.lateSoundStartMs)
        #expect(info.damage == "sound left out: it starts at \(start), after the picture ends", "\(info)")
        #expect(info.videoCodec == "H.264")
    }

    @Test("the same fragmented file with its soundtrack starting at 0 keeps its sound and says nothing")
    func control() async throws {
        let path = try Self.clip(.fragmented)
        let info = try await Self.probe(path)
        #expect(info.damage == nil, "\(info)")
        #expect(info.durationMs.map { abs($0 - 1000) <= 100 } == true, "\(info)")
        let file = try #require(try? FileCheck.inspect(path).get())
        #expect(LateSoundtracks.read(path: path, head: file.head, size: file.size) == nil)
    }

    @Test("the player plays the picture alone and finishes at its end, with the picture's duration")
    func playsToTheEnd() throws {
        let harness = PlayerHarness(path: try Self.clip(.lateSound))
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        // Before: no end within the wait, the sound waiting on the clock for 27 hours.
        let end = harness.runToEnd(seconds: 30)
        try #require(end == .endOfStream, "\(harness.messages)")
        #expect(harness.output.frames.withLock { $0 } >= 20)
        let duration = try #require(player.durationMs)
        #expect(abs(duration - 1000) <= 100, "duration \(duration)")
        let finished = try #require(player.positionMs)
        #expect(abs(finished - 1000) <= 150, "finished at \(finished)")
        #expect(
            harness.messages.allSatisfy {
                if case .duration(let ms) = $0 { return ms <= 1100 } else { return true }
            }, "\(harness.messages)")
    }

    /// One file's tracks and what is left out of it.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let tracks: [LateSoundtracks.Track]
        let late: [Int]?
        var testDescription: String { name }
    }

    nonisolated private static func video(_ start: Int, _ end: Int) -> LateSoundtracks.Track {
        .init(isVideo: true, startMs: start, endMs: end)
    }
    nonisolated private static func sound(_ start: Int, _ end: Int) -> LateSoundtracks.Track {
        .init(isVideo: false, startMs: start, endMs: end)
    }

    @Test(
        "a soundtrack is left out only when it starts more than a minute after every picture ends",
        arguments: [
            Case(name: "the fixture", tracks: [video(0, 1023), sound(97_391_548, 97_392_571)], late: [0]),
            Case(name: "starting together", tracks: [video(0, 1023), sound(0, 1023)], late: nil),
            Case(
                name: "a live recording joined late: both start a day in",
                tracks: [video(86_400_000, 86_401_000), sound(86_400_000, 86_401_000)], late: nil),
            Case(name: "a minute after the end", tracks: [video(0, 1000), sound(61_000, 62_000)], late: nil),
            Case(name: "just past a minute", tracks: [video(0, 1000), sound(61_001, 62_000)], late: [0]),
            Case(
                name: "the second of two soundtracks", tracks: [video(0, 5000), sound(0, 5000), sound(97_391_548, 97_396_548)], late: [1]),
            Case(name: "no video to measure against", tracks: [sound(97_391_548, 97_392_571)], late: nil),
            Case(name: "a video of no length", tracks: [video(0, 0), sound(97_391_548, 97_392_571)], late: nil),
        ])
    func judged(_ sample: Case) {
        #expect(LateSoundtracks.judge(sample.tracks)?.late == sample.late)
    }

    @Test("the note names the soundtrack, or counts them")
    func notes() {
        let one = LateSoundtracks.Finding(late: [1], soundtracks: 2, startMs: 3_600_000, pictureEndMs: 1000)
        #expect(one.note == "soundtrack 2 left out: it starts at 1:00:00, after the picture ends")
        #expect(!one.leavesNoSound)
        let two = LateSoundtracks.Finding(late: [0, 1], soundtracks: 2, startMs: 3_600_000, pictureEndMs: 1000)
        #expect(two.note == "2 soundtracks left out: they start from 1:00:00, after the picture ends")
        #expect(two.leavesNoSound)
    }
}

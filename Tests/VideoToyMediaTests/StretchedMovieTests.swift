import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// An MP4 whose subtitle track ends 33 s after its 6 s of picture: the movie's header says 39.5 s, and qtdemux's rule
/// (a track under a fifth of the movie is a preview) skipped the video and sound. Read as long as its picture, the
/// movie keeps them: the row describes the video and the player plays it, with its subtitles, to the picture's end.
@Suite("Stretched movies", .serialized, .timeLimit(.minutes(2)))
@MainActor
struct StretchedMovieTests {
    private static func clip() throws -> String {
        try Fixtures.file("stretched.mp4") { try ClipFactory.makeStretched(at: $0) }
    }

    @Test("the row has the video, its size and the picture's duration, and the subtitles")
    func row() async throws {
        let path = try Self.clip()
        let info = try await Catalogue.onOwnThread { try MediaProber(timeoutSeconds: 10).probe(path: path).get() }
        // Before: 0:39, the subtitles' end.
        #expect(info.durationMs.map { abs($0 - ClipFactory.stretchedPictureMs) <= 100 } == true, "\(info)")
        #expect(info.videoCodec == "H.264" && info.videoSize == PixelSize(width: 160, height: 120), "\(info)")
        #expect(info.audioCodec == "AAC", "\(info)")
        #expect(info.subtitleLanguages == [Language(tag: "en")], "\(info)")
    }

    @Test("the player shows the picture, plays the subtitles, and finishes at the picture's end")
    func plays() throws {
        let harness = PlayerHarness(path: try Self.clip())
        let player = try #require(harness.player)
        defer { player.close() }
        player.play()
        // Before: no picture at all, and the end only at 39.5 s.
        let end = harness.runToEnd(seconds: 30)
        try #require(end == .endOfStream, "\(harness.messages)")
        #expect(harness.output.frames.withLock { $0 } >= 140, "\(harness.output.frames.withLock { $0 }) frames")
        let duration = try #require(player.durationMs)
        #expect(abs(duration - ClipFactory.stretchedPictureMs) <= 100, "duration \(duration)")
        let finished = try #require(player.positionMs)
        #expect(abs(finished - ClipFactory.stretchedPictureMs) <= 200, "finished at \(finished)")
        let cues = harness.messages.compactMap { if case .cue(let cue) = $0 { cue } else { nil } }
        #expect(cues.map(\.startMs) == [ClipFactory.stretchedCue.startMs], "\(cues)")
    }

    nonisolated private static func track(_ seconds: UInt64, picture: Bool = true) -> StretchedMovie.Track {
        StretchedMovie.Track(timescale: 1000, duration: seconds * 1000, isPictureOrSound: picture)
    }

    /// One header's tracks and the movie duration that keeps them, if any.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let movie: UInt64
        let tracks: [StretchedMovie.Track]
        let kept: UInt64?
        var testDescription: String { name }
    }

    @Test(
        "the movie is shortened only when that keeps a video or sound track qtdemux would skip",
        arguments: [
            Case(name: "the fixture", movie: 39_500, tracks: [track(6), track(6), track(39, picture: false)], kept: 6000),
            Case(name: "nothing skipped", movie: 10_000, tracks: [track(10), track(9), track(3, picture: false)], kept: nil),
            Case(name: "a real preview beside the film", movie: 100_000, tracks: [track(100), track(1)], kept: nil),
            Case(
                name: "a preview stays a preview", movie: 200_000, tracks: [track(30), track(2), track(200, picture: false)], kept: 30_000
            ),
            Case(name: "no video or sound", movie: 39_500, tracks: [track(39, picture: false)], kept: nil),
            Case(name: "a movie of no length", movie: 0, tracks: [track(6)], kept: nil),
            Case(
                name: "numbers that overflow", movie: UInt64.max,
                tracks: [StretchedMovie.Track(timescale: UInt64.max, duration: UInt64.max - 1, isPictureOrSound: true)], kept: nil),
        ])
    func rule(_ sample: Case) {
        #expect(StretchedMovie.movieDuration(timescale: 1000, duration: sample.movie, tracks: sample.tracks) == sample.kept)
    }

    @Test("the plan for the fixture rewrites its 'mvhd' duration to 6 s, and cut copies of it never trap")
    func plan() throws {
        let path = try Self.clip()
        let plan = try #require(
            StretchedMovie.plan(path: path, size: Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0)))
        // The sound runs 24 ms past the picture: AAC ends on a whole frame.
        #expect(abs(plan.movieMs - ClipFactory.stretchedPictureMs) <= 50, "\(plan.movieMs) ms")
        #expect(plan.old == [0, 0, 0x9A, 0x4C], "39,500 in the movie's 1000 ticks a second")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[plan.offset..<plan.offset + 4]) == plan.old)
        let folder = try Fixtures.newFolder("stretched-cut")
        for cut in stride(from: 0, to: min(bytes.count, 4000), by: 97) {
            let copy = folder + "/cut.mp4"
            try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: copy))
            _ = StretchedMovie.plan(path: copy, size: cut)
        }
        let patch = SourcePatch(plan)
        var piece = Array(bytes[plan.offset - 2..<plan.offset + 2])
        let changes = piece.withUnsafeBytes { patch.changes($0, at: plan.offset - 2) }
        for change in changes { piece[change.index] = change.value }
        #expect(piece[2...] == plan.new[..<2], "a buffer holding half the field gets its half")
    }
}

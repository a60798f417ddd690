import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// MP4 tracks shorter than a fifth of the movie, which GStreamer 1.22's qtdemux takes for preview pictures and never
/// exposes: a 10 s video with a 1 s English mov_text track. The row counts the track, so the player's list (playbin's
/// tracks and the ones the app reads itself) must offer it, with its cue.
@Suite("Short MP4 tracks", .timeLimit(.minutes(2)))
@MainActor
struct ShortTrackTests {
    /// The cue the short track shows, and when.
    static let cue = (startMs: 200, endMs: 1000, text: "Short English line")

    /// Makes the clip once: 10 s of H.264 and AAC, and a mov_text track whose one cue ends at 1 s.
    static func clip() throws -> String {
        try Fixtures.file("short-movtext.mp4") { path in
            guard let ffmpeg = FormatCatalogue.ffmpeg else { throw SetUpFailure(description: "ffmpeg is not installed") }
            let srt = path + ".srt"
            try "1\n00:00:00,200 --> 00:00:01,000\n\(cue.text)\n".write(toFile: srt, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = [
                "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=10", "-f", "lavfi", "-i",
                "sine=frequency=440:duration=10", "-i", srt, "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-preset",
                "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "mov_text", "-metadata:s:s:0", "language=eng", path,
            ]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw SetUpFailure(description: "ffmpeg could not make \(path)") }
        }
    }

    @Test("the header marks the 1 s track of a 10 s movie as read by the app, with no place among playbin's streams")
    func ruleOnHeader() throws {
        let path = try Self.clip()
        let marks = try #require(TrackDispositions.read(path))
        #expect(marks.subtitles.map(\.isReadByApp) == [true])
        // playbin lists no text stream here; the short one is skipped, so the place map holds no stream.
        #expect(StreamTracks.containerPlaces(marks.subtitles, listed: 0) == [])
    }

    @Test("the row's English subtitles are in the player's list, read by the app, with the track's cue at its time")
    func rowAndPlayerAgree() async throws {
        let path = try Self.clip()
        let info = try MediaProber().probe(path: path).get()
        #expect(info.subtitleLanguages == [Language(tag: "en")])
        let harness = TrackPlayerHarness(path: path)
        defer { harness.player?.close() }
        let listed = try #require(await harness.tracks(seconds: 60))
        let read = ContainerCueReader.read(path)
        let offered = listed.subtitles + read.tracks
        #expect(offered.count == info.subtitleLanguages.count)
        #expect(read.tracks.map(\.id) == [.subtitles(0)])
        #expect(read.tracks.map(\.language) == [Language(tag: "en")])
        #expect(read.tracks.map(\.codec) == ["mov_text"])
        let timeline = try #require(read.timelines[.subtitles(0)])
        #expect(timeline.text(atMs: Self.cue.startMs + 50) == Self.cue.text)
        #expect(timeline.text(atMs: Self.cue.endMs - 50) == Self.cue.text)
        #expect(timeline.cues(atMs: Self.cue.endMs + 50).isEmpty)
        #expect(read.notes.isEmpty, "\(read.notes)")
    }

    @Test("a timed-text sample gives the text its length says, never more than the sample holds")
    func timedTextSamples() {
        #expect(ContainerCueReader.timedText([0, 2, 0x48, 0x69, 0, 0, 0, 12]) == Array("Hi".utf8))
        #expect(ContainerCueReader.timedText([0xFF, 0xFF, 0x48]) == Array("H".utf8))
        #expect(ContainerCueReader.timedText([0]) == [])
        #expect(ContainerCueReader.timedText([]) == [])
    }
}

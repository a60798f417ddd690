import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests {
    /// The tracks a player lists for the track clips, and that a play with switched tracks still ends.
    /// It belongs to the serialized Player suite: other tests there count the pipelines alive.
    @Suite("Player track lists")
    @MainActor
    struct Tracks {
        /// One clip's expected listing: the fixture's tracks with the codec names the track menu shows.
        struct Listing: Sendable, CustomStringConvertible {
            let fileName: String
            let audioCodecs: [String]
            let subtitleCodecs: [String]
            /// How many of the fixture's subtitle tracks playbin cannot demux, so never lists, and the app reads out of
            /// the file itself (they come last).
            let readByApp: Int

            var description: String { fileName }
        }

        nonisolated static let listings = [
            Listing(fileName: "tracks.mkv", audioCodecs: ["AAC", "AAC"], subtitleCodecs: ["SubRip", "ASS", "SubRip"], readByApp: 0),
            // The fixture names mov_text as ffprobe does ("Timed Text"); the menu calls it by its codec name.
            Listing(fileName: "movtext.mp4", audioCodecs: ["AAC"], subtitleCodecs: ["mov_text"], readByApp: 0),
            // GStreamer 1.22's Matroska reader knows no WebVTT codec id: the player does not list the German track,
            // which the app reads out of the file. Once GStreamer does, this row fails, and the menu lists it once.
            Listing(fileName: "webvtt.webm", audioCodecs: ["Opus"], subtitleCodecs: ["WebVTT"], readByApp: 1),
        ]

        @Test(
            "the tracks message and the tracks read out of the file list the fixture's tracks: ids, languages, titles, codecs, default and forced",
            arguments: listings)
        func trackList(_ listing: Listing) async throws {
            let clip = try await TrackClipFixtures.clip(listing.fileName)
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            let listed = try #require(await harness.tracks(), "no tracks message: \(harness.messages)")
            #expect(listed.audio == Self.renamed(clip.audio, listing.audioCodecs))
            let expected = Self.renamed(clip.subtitles, listing.subtitleCodecs)
            #expect(listed.subtitles == Array(expected.dropLast(listing.readByApp)))
            // What the menu lists besides: the tracks read out of the file, under the ids the player would give them.
            #expect(ContainerCueReader.read(clip.path).tracks == Array(expected.suffix(listing.readByApp)))
            // Listed once, at the first pause on a picture.
            _ = await harness.run(seconds: 0.3) { false }
            #expect(harness.messages.filter { if case .tracks = $0 { true } else { false } }.count == 1)
        }

        @Test("what only libavformat reads reaches the list: the ASS track's French, the forced Signs track, mov_text's default")
        func headerOnlyMarks() async throws {
            let set = try await TrackClipFixtures.set()
            let harness = TrackPlayerHarness(path: set.tracks.path)
            let player = try #require(harness.player)
            defer { player.close() }
            let listed = try #require(await harness.tracks(), "no tracks message: \(harness.messages)")
            // ssaparse's own tags replace the demuxer's language, and GStreamer has no forced flag.
            #expect(listed.subtitles.map { $0.language?.shortCode } == ["en", "fr", "en"])
            #expect(listed.subtitles.map(\.isForced) == [false, false, true])
            #expect(listed.subtitles.map(\.title) == [nil, nil, TrackClips.signsTitle])
            #expect(listed.audio.map(\.isDefault) == [true, false])
            player.close()
            let mp4 = TrackPlayerHarness(path: set.movText.path)
            defer { mp4.player?.close() }
            // qtdemux never marks a stream selected; the header's enabled track is the default one.
            let mp4Listed = try #require(await mp4.tracks(), "no tracks message: \(mp4.messages)")
            #expect(mp4Listed.subtitles.map(\.isDefault) == [true])
            #expect(mp4Listed.audio.map(\.isDefault) == [true])
        }

        @Test("untitled tracks of a titled MP4 stay untitled: qtdemux gives each the file's title")
        func untitledTracks() async throws {
            let path = try Fixtures.file("titled-movie.mp4") { try TrackClips.makeTitledMovie(at: $0) }
            let harness = TrackPlayerHarness(path: path)
            let player = try #require(harness.player)
            defer { player.close() }
            let listed = try #require(await harness.tracks(), "no tracks message: \(harness.messages)")
            #expect(listed.subtitles.count == 3)
            #expect(listed.subtitles.map(\.title) == [nil, nil, nil])
        }

        @Test(
            "a play with both kinds of track switched while playing reaches its end",
            arguments: [(1, 1), (1, 2), (0, 2)] as [(Int, Int)])
        func endsAfterSwitches(audio: Int, subtitles: Int) async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            try #require(await harness.play(toMs: 1000), "never played to 1 s: \(harness.messages)")
            player.selectAudio(index: audio)
            #expect(player.selectSubtitles(index: subtitles))
            try #require(await harness.play(toMs: 2500), "never played on to 2.5 s: \(harness.messages)")
            // And back, as a user cycling through the tracks would.
            player.selectAudio(index: 0)
            #expect(player.selectSubtitles(index: 0))
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            let position = harness.heard[end].positionMs ?? 0
            #expect(abs(position - clip.durationMs) < 300, "ended at \(position) ms")
        }

        /// `tracks` with their codecs named `codecs`, in order.
        static func renamed(_ tracks: [MediaTrack], _ codecs: [String]) -> [MediaTrack] {
            zip(tracks, codecs).map { track, codec in
                MediaTrack(
                    id: track.id, language: track.language, title: track.title, codec: codec, isDefault: track.isDefault,
                    isForced: track.isForced)
            } + (codecs.count < tracks.count ? Array(tracks.dropFirst(codecs.count)) : [])
        }
    }
}

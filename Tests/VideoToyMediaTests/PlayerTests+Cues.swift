import Foundation
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests {
    /// The cues a player passes on for the selected embedded subtitle track, after switches and seeks, compared with
    /// the times and texts the fixtures wrote. Cue times are stream time, as position queries answer; Matroska shifts
    /// every stream by the AAC priming (21 ms), well inside the tolerance.
    ///
    /// After a seek (a subtitle switch seeks too) matroskademux sends a cue again only when it begins in the cluster the
    /// seek lands in; `tracks.mkv` has a cluster per second (from 0, 1.021, 2.021 … s), and its cues begin at 0.021 and
    /// 3.021 s. The cases here seek within a cue's own cluster; `seekPastCluster` pins what happens otherwise.
    /// It belongs to the serialized Player suite: other tests there count the pipelines alive.
    @Suite("Player subtitle cues")
    @MainActor
    struct Cues {
        /// How far a cue's start or end may be from the fixture's.
        static let toleranceMs = 100

        @Test("the first track's cues arrive with the fixture's texts and times", arguments: ["tracks.mkv", "movtext.mp4"])
        func firstTrackCues(_ fileName: String) async throws {
            let clip = try await TrackClipFixtures.clip(fileName)
            let declared = try #require(clip.cues[.subtitles(0)])
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            // Already the track playbin decodes: nothing to switch.
            #expect(!player.selectSubtitles(index: 0))
            player.play()
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            #expect(harness.cues.map(\.text) == declared.map(\.text), "\(harness.cues)")
            for (cue, want) in zip(harness.cues, declared) {
                #expect(Self.matches(cue, want), "\(cue) for \(want)")
            }
            // Each came when it was due: not before its start, and while it still showed.
            for heard in harness.heard where heard.cue != nil {
                let cue = try #require(heard.cue)
                let position = try #require(heard.positionMs)
                #expect(cue.startMs - Self.toleranceMs <= position && position < cue.endMs, "\(cue) came at \(position) ms")
            }
        }

        @Test("a subtitle switch while playing brings the new track's cue at once, and no cue of the old one after it", arguments: [1, 2])
        func switchWhilePlaying(to index: Int) async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let english = try #require(clip.cues[.subtitles(0)])
            let declared = try #require(clip.cues[.subtitles(index)]?.first)
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            let first = await harness.index { $0.cue?.text == english[0].text }
            try #require(first != nil, "the first English cue never came: \(harness.messages)")
            // Mid-play, yet inside the first cluster, where the new track's cue begins.
            try #require(await harness.play(toMs: 300), "never played to 0.3 s: \(harness.messages)")
            let switchedAt = try #require(player.positionMs)
            let before = harness.heard.count
            let clock = ContinuousClock.now
            #expect(player.selectSubtitles(index: index))
            let arrival = await harness.index(after: before, seconds: 10) { $0.cue?.text == declared.text }
            let came = try #require(arrival, "\(declared.text) never came: \(harness.messages[before...])")
            let heard = harness.heard[came]
            print("SUBTITLE SWITCH to \(index): the new cue came \(heard.at - clock) after the switch at \(switchedAt) ms")
            #expect(Self.matches(try #require(heard.cue), declared), "\(heard.message) for \(declared)")
            #expect(
                (heard.positionMs ?? .max) < switchedAt + 1000,
                "came at \(heard.positionMs ?? -1) ms, switched at \(switchedAt) ms")
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            let later = harness.heard[came...].compactMap(\.cue)
            #expect(later.allSatisfy { $0.text == declared.text }, "after the switch: \(later)")
        }

        @Test("switching to another track and back: the first track's next cue comes, none of the other track's after it")
        func switchBack() async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let english = try #require(clip.cues[.subtitles(0)])
            let french = try #require(clip.cues[.subtitles(1)]?.first)
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            try #require(await harness.play(toMs: 300), "never played to 0.3 s: \(harness.messages)")
            #expect(player.selectSubtitles(index: 1))
            let came = await harness.index { $0.cue?.text == french.text }
            try #require(came != nil, "\(french.text) never came: \(harness.messages)")
            try #require(await harness.play(toMs: 1500), "never played to 1.5 s: \(harness.messages)")
            let before = harness.heard.count
            #expect(player.selectSubtitles(index: 0))
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            // The switch back lands past the first English cue's cluster (see above): the second cue is the next one.
            let after = harness.heard[before...].compactMap(\.cue)
            #expect(after.count == 1 && after.first.map { Self.matches($0, english[1]) } == true, "after switching back: \(after)")
        }

        /// Where each seek lands in `tracks.mkv`'s English track or `movtext.mp4`'s track, and whether it is made while
        /// playing or paused.
        struct SeekCase: Sendable, CustomStringConvertible {
            let fileName: String
            let toMs: Int
            let playing: Bool

            var description: String { "\(fileName) to \(toMs) ms \(playing ? "playing" : "paused")" }
        }

        @Test(
            "after a flushing seek the cue covering the new position arrives",
            arguments: [
                SeekCase(fileName: "tracks.mkv", toMs: 4000, playing: true),
                SeekCase(fileName: "tracks.mkv", toMs: 3500, playing: false),
                SeekCase(fileName: "tracks.mkv", toMs: 800, playing: true),
                SeekCase(fileName: "movtext.mp4", toMs: 3000, playing: true),
                SeekCase(fileName: "movtext.mp4", toMs: 4500, playing: false),
            ])
        func cueAfterSeek(_ seek: SeekCase) async throws {
            let clip = try await TrackClipFixtures.clip(seek.fileName)
            let declared = try #require(clip.cues[.subtitles(0)]?.first { $0.covers(ms: seek.toMs) })
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            if seek.playing {
                player.play()
                // Past the first cue's arrival, so the one after the seek is not the one from the start.
                let first = await harness.index { $0.cue != nil }
                try #require(first != nil, "no cue from the start: \(harness.messages)")
                try #require(await harness.play(toMs: 500), "never played to 0.5 s: \(harness.messages)")
            }
            let before = harness.heard.count
            player.seek(toMs: seek.toMs)
            if !seek.playing {
                // The player reports the duration again when the seek's preroll is done.
                let done = await harness.index(after: before) { if case .duration = $0.message { true } else { false } }
                try #require(done != nil, "the paused seek never completed: \(harness.messages[before...])")
                player.play()
            }
            let arrival = await harness.index(after: before, seconds: 10) { $0.cue != nil }
            let came = try #require(arrival, "no cue after seeking to \(seek.toMs) ms: \(harness.messages[before...])")
            let cue = try #require(harness.heard[came].cue)
            #expect(cue.text == declared.text)
            #expect(cue.startMs <= seek.toMs && seek.toMs < cue.endMs, "\(cue) after seeking to \(seek.toMs) ms")
            #expect(Self.matches(cue, declared), "\(cue) for \(declared)")
            let position = harness.heard[came].positionMs ?? .max
            #expect(position < seek.toMs + 1000, "came at \(position) ms")
        }

        @Test("known limit: after a seek past the cluster where the cue in progress began, no cue comes until the next one")
        func seekPastCluster() async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let english = try #require(clip.cues[.subtitles(0)])
            let harness = TrackPlayerHarness(path: clip.path)
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            try #require(await harness.play(toMs: 300), "never played to 0.3 s: \(harness.messages)")
            let before = harness.heard.count
            // Into the first cue, two clusters after the one it began in.
            player.seek(toMs: 2500)
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            // Once this fails, the cue in progress comes after every seek, and the seek cases above can say so for any
            // position.
            let after = harness.heard[before...].compactMap(\.cue)
            #expect(after.map(\.text) == [english[1].text], "after seeking to 2.5 s: \(after)")
        }

        /// Whether `cue` has `fixture`'s text and, within the tolerance, its times.
        static func matches(_ cue: SubtitleCue, _ fixture: FixtureCue) -> Bool {
            cue.text == fixture.text && abs(cue.startMs - fixture.startMs) <= toleranceMs && abs(cue.endMs - fixture.endMs) <= toleranceMs
        }
    }
}

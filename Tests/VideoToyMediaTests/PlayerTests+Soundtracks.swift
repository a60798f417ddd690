import Foundation
import Glibc
import Testing
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

extension PlayerTests {
    /// Which of `tracks.mkv`'s soundtracks is heard, from a recording the player's sound sink writes at the sound's
    /// pace: its first track plays a low tone, its second a high one. The recording goes to a descriptor rather than
    /// through filesink, which empties its file at every flushing seek (and a soundtrack switch seeks).
    /// It belongs to the serialized Player suite: other tests there count the pipelines alive.
    @Suite("Player soundtrack switch")
    @MainActor
    struct Soundtracks {
        /// The recording's samples per second: well above twice the high tone.
        static let rate = 16_000

        /// How far in the sound (milliseconds of the recording) the other tone may start after the switch.
        static let switchDelayMs = 500

        /// A sound sink writing raw signed 16-bit mono samples to the descriptor `fd`, at the pace the sound plays.
        static func recorder(_ fd: Int32) -> String {
            "audioconvert ! audioresample ! audio/x-raw,format=S16LE,channels=1,rate=\(rate) ! fdsink fd=\(fd) sync=true"
        }

        /// Opens `path` for a recording, emptied.
        static func record(_ path: String) throws -> Int32 {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw SetUpFailure(description: "cannot write \(path)") }
            return fd
        }

        @Test("switching the soundtrack while playing: the low tone before the switch, the high one soon after and to the end")
        func switchWhilePlaying() async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let low = Double(try #require(clip.tones[.audio(0)])), high = Double(try #require(clip.tones[.audio(1)]))
            let recording = try Fixtures.newFolder("soundtrack-switch") + "/heard.raw"
            let fd = try Self.record(recording)
            defer { close(fd) }
            let harness = TrackPlayerHarness(path: clip.path, soundSink: Self.recorder(fd))
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            // Within the first cluster, so the seek the switch makes sends the first cue again (see `Cues`).
            try #require(await harness.play(toMs: 500), "never played to 0.5 s: \(harness.messages)")
            let switchedAt = try #require(player.positionMs)
            player.selectAudio(index: 1)
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            let meter = try ToneMeter(path: recording, rate: Self.rate)
            // Every sample is written, however late: the whole clip is there, switch or not.
            #expect(abs(meter.durationMs - clip.durationMs) < 200, "recorded \(meter.durationMs) ms")
            let windows = meter.windows()
            let firstHigh = try #require(windows.firstIndex { Self.near($0.hertz, high) }, "never the high tone: \(windows)")
            let heardAt = windows[firstHigh].startMs
            print("SOUNDTRACK SWITCH at \(switchedAt) ms: the high tone from \(heardAt) ms of the recording")
            #expect(heardAt >= switchedAt - 100, "high tone at \(heardAt) ms before the switch at \(switchedAt) ms")
            #expect(heardAt <= switchedAt + Self.switchDelayMs, "high tone only at \(heardAt) ms, switched at \(switchedAt) ms")
            // The first window may hold the encoder's ramp, the one at the switch both tones, the last one the end.
            let before = windows[1..<max(1, firstHigh - 1)], after = windows[(firstHigh + 1)..<max(firstHigh + 1, windows.count - 1)]
            #expect(before.allSatisfy { Self.near($0.hertz, low) }, "before the switch: \(before)")
            #expect(after.allSatisfy { Self.near($0.hertz, high) }, "after the switch: \(after)")
            #expect(after.count * 100 >= clip.durationMs - switchedAt - Self.switchDelayMs - 300, "\(windows)")
            // The seek that brings the new sound sends the cue showing again: it must not be passed on twice.
            let english = try #require(clip.cues[.subtitles(0)])
            #expect(harness.cues.map(\.text) == english.map(\.text), "\(harness.cues)")
        }

        @Test("a soundtrack and subtitles chosen while paused, as a remembered choice is, play from the start and to the end")
        func chosenBeforePlaying() async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let high = Double(try #require(clip.tones[.audio(1)]))
            let recording = try Fixtures.newFolder("soundtrack-chosen") + "/heard.raw"
            let fd = try Self.record(recording)
            defer { close(fd) }
            let harness = TrackPlayerHarness(path: clip.path, soundSink: Self.recorder(fd))
            let player = try #require(harness.player)
            defer { player.close() }
            // What the app does with a remembered choice or language preferences, paused on the first picture; the
            // subtitle switch seeks there, which must not hang on the soundtrack switched before it.
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            // The first picture's cue may have come already, from the track decoded before the choice.
            let before = harness.cues.count
            player.selectAudio(index: 1)
            #expect(player.selectSubtitles(index: 1))
            player.play()
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            let meter = try ToneMeter(path: recording, rate: Self.rate)
            #expect(abs(meter.durationMs - clip.durationMs) < 200, "recorded \(meter.durationMs) ms")
            let windows = meter.windows()
            let played = windows.dropFirst().dropLast()
            #expect(!played.isEmpty && played.allSatisfy { Self.near($0.hertz, high) }, "\(windows)")
            #expect(harness.cues.dropFirst(before).map(\.text) == clip.cues[.subtitles(1)]?.map(\.text), "\(harness.cues)")
        }

        @Test("a soundtrack switched while paused mid-play, then a seek while paused: the seek completes, the new tone plays on")
        func switchedWhilePaused() async throws {
            let clip = try await TrackClipFixtures.clip("tracks.mkv")
            let high = Double(try #require(clip.tones[.audio(1)]))
            let recording = try Fixtures.newFolder("soundtrack-paused") + "/heard.raw"
            let fd = try Self.record(recording)
            defer { close(fd) }
            let harness = TrackPlayerHarness(path: clip.path, soundSink: Self.recorder(fd))
            let player = try #require(harness.player)
            defer { player.close() }
            try #require(await harness.tracks() != nil, "no tracks message: \(harness.messages)")
            player.play()
            try #require(await harness.play(toMs: 1000), "never played to 1 s: \(harness.messages)")
            player.pause()
            let paused = await harness.index { if case .paused = $0.message { true } else { false } }
            try #require(paused != nil, "never paused: \(harness.messages)")
            player.selectAudio(index: 1)
            let before = harness.heard.count
            player.seek(toMs: 3000)
            // The player reports the duration again when a seek's preroll is done.
            let done = await harness.index(after: before, seconds: 10) { if case .duration = $0.message { true } else { false } }
            #expect(done != nil, "the paused seek never completed: \(harness.messages[before...])")
            let heardBefore = try ToneMeter(path: recording, rate: Self.rate).durationMs
            player.play()
            let end = try #require(await harness.runToEnd(seconds: 30), "no end within 30 s: \(harness.messages)")
            #expect(harness.heard[end].message == .endOfStream, "\(harness.messages)")
            let windows = try ToneMeter(path: recording, rate: Self.rate).windows()
            // From where playing went on (3 s of the clip) to the end, a recording of about 3 s more.
            let resumed = windows.filter { $0.startMs >= heardBefore + 100 }.dropLast()
            #expect(resumed.count >= 20 && resumed.allSatisfy { Self.near($0.hertz, high) }, "after \(heardBefore) ms: \(windows)")
        }

        /// Whether `hertz` is `tone`, give or take 10 %.
        static func near(_ hertz: Double, _ tone: Double) -> Bool { abs(hertz - tone) < tone * 0.1 }
    }
}

import Foundation
import Testing
import VideoToyCore

@testable import VideoToyMedia

/// One clip of the sweep: a format, with or without sound.
private struct SweepClip: CustomStringConvertible, Sendable {
    /// The codec and container.
    let format: SweepFormat
    /// Whether the clip has a sound track.
    let audio: Bool
    /// Its length.
    let seconds: Int

    /// The clip as failures name it.
    var description: String { "\(format.rawValue)\(audio ? "+audio" : "") \(seconds) s" }

    /// The clip's path, generated once per test run.
    func path() throws -> String {
        let name = "sweep-\(format.rawValue)\(audio ? "-audio" : "")-\(seconds)s.\(format.fileExtension)"
        return try Fixtures.file(name) { try ClipFactory.runPipeline(format.pipeline(seconds: seconds, audio: audio, path: $0)) }
    }
}

/// Short clips of every format GStreamer writes here play through the real player to `endOfStream`.
///
/// Format sweeps once saw about one play in 40 end without `finished` (DNxHD in MXF, AV1); this is that sweep
/// at CI size. `VIDEOTOY_SWEEP_ROUNDS=N` plays each clip N times instead of twice, for a soak (`scripts/sweep`),
/// and `VIDEOTOY_SWEEP_ONLY=dnxhd-mxf` (a format's name) plays only that format.
/// It belongs to the serialized Player suite: other tests there count the pipelines alive.
extension PlayerTests {
    /// How many times each clip plays.
    static let sweepRounds = ProcessInfo.processInfo.environment["VIDEOTOY_SWEEP_ROUNDS"].flatMap(Int.init) ?? 2

    @Test(
        "each installed format plays to its end, with and without sound, with the view resized or not",
        arguments: SweepFormat.allCases)
    func everyFormatPlaysToTheEnd(_ format: SweepFormat) throws {
        if let only = ProcessInfo.processInfo.environment["VIDEOTOY_SWEEP_ONLY"], only != format.rawValue { return }
        guard format.isAvailable else {
            print("SWEEP \(format.rawValue): skipped, needs \(format.elements.filter { !GStreamer.hasElement($0) })")
            return
        }
        let clips = [false, true].map { SweepClip(format: format, audio: $0, seconds: 1) }
        var plays = 0, unfinished = 0
        for round in 0..<Self.sweepRounds {
            for clip in clips {
                plays += 1
                // Every other play resizes its view mid-play, as the window does, so caps change on the way.
                if let problem = try Self.playToEnd(clip, resizing: round % 2 == 1) {
                    unfinished += 1
                    Issue.record("play \(round + 1) of \(clip): \(problem)")
                }
            }
        }
        print("SWEEP \(format.rawValue): \(plays) plays, \(unfinished) without an end")
    }

    /// Whether `message` ends a play: the end of the stream or an error.
    private static func isEnd(_ message: PlayerMessage) -> Bool {
        if case .error = message { return true }
        return message == .endOfStream
    }

    /// Plays `clip` with a fresh player; nil once it reported its end, else what happened instead.
    private static func playToEnd(_ clip: SweepClip, resizing: Bool) throws -> String? {
        let harness = PlayerHarness(path: try clip.path())
        guard let player = harness.player else { return "no player" }
        defer { player.close() }
        // Generous: a loaded CI machine decodes 720p DNxHD slower than real time.
        let timeout = Double(clip.seconds) * 10 + 10
        let started = ContinuousClock.now
        player.play()
        if resizing {
            // The view learns its size after the first picture, and the window may change it while it plays.
            _ = harness.run(seconds: timeout) { $0 == .firstFrame }
            player.limitPictureSize(width: 480, height: 480)
            _ = harness.run(seconds: Double(clip.seconds) / 2) { $0 == .endOfStream }
            player.limitPictureSize(width: 400, height: 400)
        }
        // The seek bar asks for the position and duration while the video plays, until its very end.
        let deadline = started + .seconds(timeout)
        while ContinuousClock.now < deadline, !harness.messages.contains(where: Self.isEnd) {
            harness.loop.run(forMilliseconds: 50)
            _ = (player.positionMs, player.durationMs)
        }
        let end = harness.messages.first(where: Self.isEnd)
        if end == .endOfStream { return nil }
        return "\(end.map { "\($0)" } ?? "no end") after \(ContinuousClock.now - started), at \(player.positionMs ?? -1) ms "
            + "of \(player.durationMs ?? -1) ms, \(harness.output.frames.withLock { $0 }) pictures, messages \(harness.messages)"
    }
}

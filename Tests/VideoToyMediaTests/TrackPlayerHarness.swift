import Foundation
import VideoToyCore
import VideoToyMediaTesting

@testable import VideoToyMedia

/// A real `Player` with a sound sink of the test's choosing, whose bus watch lives on a private main context the
/// test iterates; every message is kept with the position the player reported when it came.
@MainActor
final class TrackPlayerHarness {
    /// One message, when it came: the player's position then, and the wall clock.
    struct Heard {
        let message: PlayerMessage
        let positionMs: Int?
        let at: ContinuousClock.Instant

        /// The cue the message carries, if it is one.
        var cue: SubtitleCue? {
            if case .cue(let cue) = message { return cue }
            return nil
        }
    }

    /// A sound sink that keeps the sound's pace and keeps nothing else.
    static let silentSound = "fakesink sync=true"

    let loop = PrivateMainLoop()
    private(set) var heard: [Heard] = []
    private(set) var player: Player?

    /// Opens `path`; `soundSink` replaces the sound output (by default a clock-synced fakesink, so playback keeps
    /// its pace whether this machine has a sound device or not).
    init(path: String, soundSink: String = TrackPlayerHarness.silentSound) {
        player = loop.asThreadDefault {
            Player(path: path, output: CountingOutput(), soundSink: soundSink) { [weak self] message in
                guard let self else { return }
                self.heard.append(Heard(message: message, positionMs: self.player?.positionMs, at: .now))
            }
        }
    }

    /// The messages so far.
    var messages: [PlayerMessage] { heard.map(\.message) }

    /// The cues so far, in the order they came.
    var cues: [SubtitleCue] { heard.compactMap(\.cue) }

    /// Iterates the context until `condition` holds, or `seconds` pass; whether it held.
    ///
    /// Yields the main actor between rounds: the player hands some messages (the track list) over through it.
    @discardableResult
    func run(seconds: Double, until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            loop.run(forMilliseconds: 10)
            await Task.yield()
        }
        return condition()
    }

    /// Iterates until a message after the first `after` ones matches `wanted`, or `seconds` pass; its index in `heard`.
    func index(after: Int = 0, seconds: Double = 20, of wanted: (Heard) -> Bool) async -> Int? {
        var found: Int?
        await run(seconds: seconds) {
            found = heard.indices.dropFirst(after).first { wanted(heard[$0]) }
            return found != nil
        }
        return found
    }

    /// The tracks the player lists, once it has.
    func tracks(seconds: Double = 20) async -> (audio: [MediaTrack], subtitles: [MediaTrack])? {
        guard let index = await index(seconds: seconds, of: { if case .tracks = $0.message { true } else { false } }),
            case .tracks(let audio, let subtitles) = heard[index].message
        else { return nil }
        return (audio, subtitles)
    }

    /// Iterates until the player has played to `ms` or beyond (a position it reports, not one it was asked for).
    func play(toMs ms: Int, seconds: Double = 20) async -> Bool {
        await run(seconds: seconds) {
            guard let player, player.isPlaying, let position = player.positionMs else { return false }
            return position >= ms && heard.contains { if case .playing = $0.message { true } else { false } }
        }
    }

    /// Iterates until the end of the stream or an error; the index of that message in `heard`.
    func runToEnd(seconds: Double = 30) async -> Int? {
        await index(seconds: seconds) {
            if case .endOfStream = $0.message { return true }
            if case .error = $0.message { return true }
            return false
        }
    }
}

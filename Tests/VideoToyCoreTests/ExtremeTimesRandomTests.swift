import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random sequences of extreme positions, durations, seeks and cue times through the parts that do arithmetic
/// on them (the playback policy, the controller's seeks and progress, subtitle timers, the row's clock): none may
/// trap, and every seek that reaches a player lies within 0 and 100 years (and the duration, when one is known).
@MainActor
struct ExtremeTimesRandomTests {
    static let own = [MediaTrack(id: .subtitles(0), codec: "SubRip")]

    /// Values at and near the edges that plain arithmetic overflows on, and ordinary ones.
    static func extreme(_ random: inout SeededGenerator) -> Int {
        let edges = [
            Int.min, Int.min + 1, -1, 0, 1, 5000, 61_000, MediaTime.longestMs, MediaTime.longestMs + 1, 9_300_000_000_000,
            9_300_000_000_000_000, Int.max / 1000, Int.max - 1, Int.max,
        ]
        return Bool.random(using: &random) ? edges.randomElement(using: &random)! : Int.random(in: Int.min...Int.max, using: &random)
    }

    @Test(arguments: 0..<40)
    func noTrapAndSeeksStayInRange(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let rig = Rig()
        rig.ids = rig.controller.add(paths: ["/v/a.mkv", "/v/b.mkv"])
        try await rig.probed()
        rig.controller.activate(rig.ids[0])
        let player = try #require(rig.backend.player(for: "/v/a.mkv"))
        player.emit(.playing(positionMs: 0))
        player.emit(.tracks(audio: [], subtitles: Self.own))
        rig.controller.chooseTrack(rig.ids[0], .subtitles, .subtitles(0))
        var policy = PlaybackPolicy()
        for _ in 0..<80 {
            let value = Self.extreme(&random), other = Self.extreme(&random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: player.emit(.playing(positionMs: value))
            case 1: player.emit(.duration(ms: value))
            case 2: player.positionMs = value
            case 3: rig.controller.intent(rig.ids[0], .seekBy(value))
            case 4: rig.controller.intent(rig.ids[0], .seek(value))
            case 5: player.emit(.cue(SubtitleCue(startMs: min(value, other), endMs: max(value, other), text: "x")))
            case 6: rig.controller.tick()
            case 7: rig.timers.advance(by: Int.random(in: 0...120_000, using: &random))
            default:
                _ = policy.handle(.activate(rig.ids[0]))
                _ = policy.handle(.paused(rig.ids[0], positionMs: value))
            }
            _ = TimeFormat.clock(milliseconds: value)
        }
        rig.timers.advance(by: 120_000)
        for case .seek(let ms) in player.commands {
            #expect((0...MediaTime.longestMs).contains(ms), "seed \(seed): sought to \(ms)")
        }
    }
}

import Testing
import VideoToyCore
import VideoToyTesting

/// What plays at the end of a video for each LoopStatus and Shuffle, and the shuffled order's rounds.
@MainActor
@Suite("Play order")
struct PlayOrderTests {
    nonisolated static let paths = ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"]

    /// The end of the video at `from` (an index into `paths`), and which row plays after it (nil: none); `restarts`:
    /// the same player starts over.
    nonisolated static let endings: [(onEnd: OnEnd, from: Int, next: Int?, restarts: Bool)] = [
        (.stop, 1, nil, false),
        (.stop, 2, nil, false),
        (.loop, 1, nil, true),
        (.loop, 2, nil, true),
        (.next, 0, 1, false),
        (.next, 1, 2, false),
        // Playlist wraps: the last row leads to the first.
        (.next, 2, 0, false),
    ]

    @Test("In the order shown, the end of a video stops, loops or goes next, wrapping after the last", arguments: endings)
    func endInShownOrder(onEnd: OnEnd, from: Int, next: Int?, restarts: Bool) async throws {
        let rig = try await Rig.ready(Self.paths, onEnd: onEnd)
        try end(rig, from: from)
        let played = rig.backend.players.compactMap { $0.transport.contains(.play) ? $0.path : nil }
        #expect(played == [Self.paths[from]] + (next.map { [Self.paths[$0]] } ?? []))
        #expect(rig.controller.policy.playing == (next.map { rig.ids[$0] } ?? (restarts ? rig.ids[from] : nil)))
        let player = try #require(rig.backend.player(for: Self.paths[from]))
        #expect(player.transport.suffix(2) == (restarts ? [.seek(0), .play] : [.play, .close]), "\(player.transport)")
    }

    @Test("With Shuffle on, None still stops and Track still loops", arguments: [OnEnd.stop, .loop])
    func shuffleKeepsStopAndLoop(onEnd: OnEnd) async throws {
        let rig = try await Rig.ready(Self.paths, onEnd: onEnd)
        rig.controller.setShuffle(true)
        try end(rig, from: 2)
        #expect(rig.backend.players.count == 1, "nothing else started")
        #expect(rig.controller.policy.playing == (onEnd == .loop ? rig.ids[2] : nil))
    }

    @Test(
        "Shuffle with Playlist plays every row exactly once per round, the same rounds for the same seed",
        arguments: [1, 7, 42, 1234] as [UInt64])
    func shuffledRounds(seed: UInt64) async throws {
        let paths = (0..<6).map { "/v/\($0).mp4" }
        let first = try await shuffledPlays(paths, seed: seed, count: 18)
        for round in 0..<3 {
            let plays = first[(round * 6)..<(round * 6 + 6)]
            #expect(Set(plays) == Set(paths), "round \(round): \(plays)")
        }
        #expect(try await shuffledPlays(paths, seed: seed, count: 18) == first, "the seed fixes the order")
        #expect(Array(first.prefix(6)) != paths || Array(first[6..<12]) != paths, "the rows are shuffled")
    }

    @Test("Without Playlist, Shuffle's next ends with the round")
    func shuffleWithoutPlaylistEndsWithTheRound() async throws {
        let rig = try await Rig.ready(Self.paths, onEnd: .stop)
        rig.controller.activate(rig.ids[0])
        rig.controller.setShuffle(true)
        var seen = [rig.ids[0]]
        while let next = rig.controller.playable(after: seen.last!) {
            #expect(!seen.contains(next), "\(next) came twice in one round")
            rig.controller.activate(next)
            seen.append(next)
        }
        #expect(Set(seen) == Set(rig.ids))
        rig.controller.setOnEnd(.next)
        #expect(rig.controller.playable(after: seen.last!) != nil, "a playlist that loops goes on to the next round")
    }

    @Test("The play order is in the snapshot, and setting it publishes a new one")
    func snapshotShowsThePlayOrder() async throws {
        let rig = try await Rig.ready(Self.paths)
        var seen: [AppSnapshot] = []
        rig.controller.observe { seen.append($0) }
        rig.controller.setOnEnd(.next)
        rig.controller.setShuffle(true)
        #expect(seen.map(\.onEnd) == [.stop, .next, .next])
        #expect(seen.map(\.shuffle) == [false, false, true])
    }

    @Test("A looping playlist of videos that fail does not go round for ever")
    func failingPlaylistStops() async throws {
        let rig = try await Rig.ready(Self.paths, onEnd: .next)
        rig.controller.activate(rig.ids[0])
        for _ in 0..<6 {
            guard let player = rig.backend.players.last, !player.isClosed else { break }
            player.emit(.error(.library("Internal data stream error.")))
        }
        #expect(rig.backend.players.count == 3, "each failed once, and none was tried again")
        #expect(rig.controller.policy.playing == nil)
    }

    /// Plays row `from` and lets it reach its end.
    private func end(_ rig: Rig, from: Int) throws {
        rig.controller.activate(rig.ids[from])
        let player = try #require(rig.backend.player(for: Self.paths[from]))
        player.emit(.playing(positionMs: 0))
        player.emit(.endOfStream)
    }

    /// The paths played, in order, when the first row plays and each video then ends, `count` plays in all.
    private func shuffledPlays(_ paths: [String], seed: UInt64, count: Int) async throws -> [String] {
        let rig = try await Rig.ready(paths, onEnd: .next, shuffleSeed: seed)
        rig.controller.setShuffle(true)
        rig.controller.activate(rig.ids[0])
        var played: [String] = []
        for _ in 0..<count {
            let player = try #require(rig.backend.players.last)
            played.append(player.path)
            player.emit(.playing(positionMs: 0))
            player.emit(.endOfStream)
        }
        return played
    }
}

import Testing
import VideoToyCore

/// The exclusive-playback state machine, driven directly with events.
struct PlaybackPolicyTests {
    static let a = ItemID(0), b = ItemID(1), c = ItemID(2), d = ItemID(3)

    // MARK: Exclusive playback

    @Test func activatingPlaysFromTheStart() {
        var policy = PlaybackPolicy()
        #expect(policy.handle(.activate(Self.a)) == [.play(Self.a, fromMs: nil)])
        #expect(policy.playing == Self.a)
        #expect(policy.current == Self.a)
        #expect(policy.live == [Self.a])
    }

    @Test func activatingThePlayingItemAgainDoesNothing() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.activate(Self.a)) == [])
        #expect(policy.playing == Self.a)
    }

    @Test func startingOnePausesTheOther() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.activate(Self.b)) == [.pause(Self.a), .play(Self.b, fromMs: nil)])
        #expect(policy.playing == Self.b)
        #expect(policy.states[Self.a] == .paused(positionMs: 0))
        #expect(policy.live == [Self.a, Self.b])
    }

    @Test func resumingALivePausedPlayerDoesNotSeek() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        _ = policy.handle(.paused(Self.a, positionMs: 4_200))
        // The player still holds its position, so it is simply resumed.
        #expect(policy.handle(.activate(Self.a)) == [.pause(Self.b), .play(Self.a, fromMs: nil)])
    }

    @Test func userPauseThenPlayerReportKeepsThePosition() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.pause(Self.a)) == [.pause(Self.a)])
        #expect(policy.playing == nil)
        _ = policy.handle(.paused(Self.a, positionMs: 1_500))
        #expect(policy.states[Self.a] == .paused(positionMs: 1_500))
        #expect(policy.handle(.pause(Self.a)) == [], "pausing a paused item again does nothing")
    }

    @Test func lateReportDoesNotUndoAPlay() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.paused(Self.a, positionMs: 900)) == [])
        #expect(policy.states[Self.a] == .playing)
        #expect(policy.playing == Self.a)
    }

    // MARK: Release and positions

    @Test func oldestPlayerIsReleasedBeyondTheLimit() {
        var policy = PlaybackPolicy(maxLivePlayers: 2)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        #expect(policy.handle(.activate(Self.c)) == [.pause(Self.b), .play(Self.c, fromMs: nil), .release(Self.a)])
        #expect(policy.live == [Self.b, Self.c])
    }

    @Test func reusingAPlayerMakesItTheNewest() {
        var policy = PlaybackPolicy(maxLivePlayers: 2)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        _ = policy.handle(.activate(Self.a))
        // b is now the least recently used, not a.
        #expect(policy.handle(.activate(Self.c)).contains(.release(Self.b)))
        #expect(policy.live == [Self.a, Self.c])
    }

    @Test func releasedPausedItemResumesFromItsPosition() {
        var policy = PlaybackPolicy(maxLivePlayers: 2)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        _ = policy.handle(.paused(Self.a, positionMs: 4_200))
        _ = policy.handle(.activate(Self.c))  // releases a
        #expect(!policy.live.contains(Self.a))
        #expect(policy.states[Self.a] == .paused(positionMs: 4_200))
        #expect(policy.handle(.activate(Self.a)) == [.pause(Self.c), .play(Self.a, fromMs: 4_200), .release(Self.b)])
    }

    @Test func releasedItemWithoutAReportedPositionStartsOver() {
        var policy = PlaybackPolicy(maxLivePlayers: 1)
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.activate(Self.b)) == [.pause(Self.a), .play(Self.b, fromMs: nil), .release(Self.a)])
        #expect(policy.handle(.activate(Self.a)) == [.pause(Self.b), .play(Self.a, fromMs: nil), .release(Self.b)])
    }

    @Test(arguments: [-3, 0, 1])
    func atLeastOnePlayerStaysLive(limit: Int) {
        var policy = PlaybackPolicy(maxLivePlayers: limit)
        #expect(policy.maxLivePlayers == 1)
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.activate(Self.b)).last == .release(Self.a))
        #expect(policy.live == [Self.b])
    }

    // MARK: The end of a video

    @Test func finishedWithStopLeavesFullscreenAndMarks() {
        var policy = PlaybackPolicy(onEnd: .stop)
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.finished(Self.a, next: Self.b)) == [.leaveFullscreen(Self.a), .markFinished(Self.a), .release(Self.a)])
        #expect(policy.states[Self.a] == .finished)
        #expect(policy.playing == nil)
    }

    @Test func finishedItemIsReleasedAndPlaysAgainFromTheStart() {
        var policy = PlaybackPolicy(onEnd: .stop)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.finished(Self.a, next: nil))
        #expect(policy.live.isEmpty)
        #expect(policy.handle(.activate(Self.a)) == [.play(Self.a, fromMs: nil)])
        #expect(policy.playing == Self.a)
    }

    @Test func finishedReleasedItemPlaysFromTheStart() {
        var policy = PlaybackPolicy(onEnd: .stop, maxLivePlayers: 1)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.finished(Self.a, next: nil))
        _ = policy.handle(.activate(Self.b))  // releases a
        #expect(policy.handle(.activate(Self.a)) == [.pause(Self.b), .play(Self.a, fromMs: nil), .release(Self.b)])
    }

    @Test func finishedWithNextPlaysTheNextItem() {
        var policy = PlaybackPolicy(onEnd: .next)
        _ = policy.handle(.activate(Self.a))
        let effects = policy.handle(.finished(Self.a, next: Self.c))
        // Leaving fullscreen first is allowed (see AppControllerTests.fullscreenDoesNotStayOnAFinishedVideoWhenTheNextPlays).
        #expect(effects == [.leaveFullscreen(Self.a), .markFinished(Self.a), .release(Self.a), .play(Self.c, fromMs: nil)])
        #expect(policy.playing == Self.c)
        #expect(policy.current == Self.c)
        #expect(policy.states[Self.a] == .finished)
    }

    @Test func finishedWithNextAfterTheLastItemStops() {
        var policy = PlaybackPolicy(onEnd: .next)
        _ = policy.handle(.activate(Self.a))
        #expect(policy.handle(.finished(Self.a, next: nil)) == [.leaveFullscreen(Self.a), .markFinished(Self.a), .release(Self.a)])
        #expect(policy.playing == nil)
    }

    @Test func finishedWithLoopRestartsAndKeepsPlaying() {
        var policy = PlaybackPolicy(onEnd: .loop)
        _ = policy.handle(.activate(Self.a))
        for _ in 0..<3 {
            #expect(policy.handle(.finished(Self.a, next: Self.b)) == [.restart(Self.a)])
            #expect(policy.playing == Self.a)
        }
    }

    /// onEnd, whether the finished item has a next one, and whether `.quit` must follow with `--exit-on-end`.
    static let exitCases: [(OnEnd, Bool, Bool)] = [
        (.stop, true, true), (.stop, false, true),
        (.next, false, true), (.next, true, false),
        (.loop, false, false), (.loop, true, false),
    ]

    @Test(arguments: exitCases)
    func exitOnEndQuitsOnlyAfterTheLastVideo(onEnd: OnEnd, hasNext: Bool, quits: Bool) {
        var policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: true)
        _ = policy.handle(.activate(Self.a))
        let effects = policy.handle(.finished(Self.a, next: hasNext ? Self.b : nil))
        #expect(effects.contains(.quit(.finished)) == quits)
        if quits { #expect(effects.last == .quit(.finished)) }
    }

    @Test(arguments: OnEnd.allCases)
    func withoutExitOnEndNothingQuits(onEnd: OnEnd) {
        var policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: false)
        _ = policy.handle(.activate(Self.a))
        #expect(!policy.handle(.finished(Self.a, next: nil)).contains(.quit(.finished)))
    }

    @Test(arguments: OnEnd.allCases)
    func finishedForAnItemNotPlayingIsIgnored(onEnd: OnEnd) {
        var policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: true)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        #expect(policy.handle(.finished(Self.a, next: Self.c)) == [])
        #expect(policy.handle(.finished(Self.d, next: nil)) == [])
        #expect(policy.playing == Self.b)
    }

    // MARK: Failures

    @Test func failedItemIsMarkedReleasedAndNoLongerCurrent() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        #expect(
            policy.handle(.failed(Self.a, error: .library("boom")))
                == [.markFailed(Self.a, error: .library("boom")), .leaveFullscreen(Self.a), .release(Self.a)])
        #expect(policy.current == nil)
        #expect(policy.playing == nil)
        #expect(policy.live.isEmpty)
        #expect(policy.states[Self.a] == .failed(.library("boom")))
    }

    @Test func failureOfAnotherItemKeepsTheCurrentOne() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        _ = policy.handle(.failed(Self.a, error: .library("late")))
        #expect(policy.current == Self.b)
        #expect(policy.playing == Self.b)
        #expect(policy.live == [Self.b])
    }

    /// onEnd, whether the failed item has a next one, whether `--exit-on-end` is given, and what must follow
    /// the failure's own effects: nothing, the next video, or quitting with status 1.
    static let failureCases: [(OnEnd, Bool, Bool, [PlaybackEffect])] = [
        (.stop, false, false, []), (.stop, true, false, []),
        (.stop, false, true, [.quit(.failed)]), (.stop, true, true, [.quit(.failed)]),
        (.next, true, false, [.play(Self.b, fromMs: nil)]), (.next, true, true, [.play(Self.b, fromMs: nil)]),
        (.next, false, false, []), (.next, false, true, [.quit(.failed)]),
        (.loop, true, false, []), (.loop, false, true, [.quit(.failed)]),
    ]

    @Test("a failure ends the show as a finish would, with status 1", arguments: failureCases)
    func failureOfTheCurrentVideo(onEnd: OnEnd, hasNext: Bool, exitOnEnd: Bool, then: [PlaybackEffect]) {
        var policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: exitOnEnd)
        _ = policy.handle(.activate(Self.a))
        let effects = policy.handle(.failed(Self.a, error: .library("cut short"), next: hasNext ? Self.b : nil))
        #expect(effects == [.markFailed(Self.a, error: .library("cut short")), .leaveFullscreen(Self.a), .release(Self.a)] + then)
    }

    @Test func aLateFailureOfAnotherVideoNeitherQuitsNorSkips() {
        var policy = PlaybackPolicy(onEnd: .next, exitOnEnd: true)
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.activate(Self.b))
        let effects = policy.handle(.failed(Self.a, error: .library("late"), next: Self.c))
        #expect(effects == [.markFailed(Self.a, error: .library("late")), .leaveFullscreen(Self.a), .release(Self.a)])
        #expect(policy.playing == Self.b)
    }

    @Test func failedItemCanBeTriedAgain() {
        var policy = PlaybackPolicy()
        _ = policy.handle(.activate(Self.a))
        _ = policy.handle(.failed(Self.a, error: .library("boom")))
        #expect(policy.handle(.activate(Self.a)) == [.play(Self.a, fromMs: nil)])
        #expect(policy.playing == Self.a)
    }

    // MARK: Random sequences

    /// What the adapters would hold after carrying out the effects: live players and the one playing.
    struct AdapterModel {
        var live: Set<ItemID> = []
        var playing: Set<ItemID> = []
        var quits = 0

        mutating func apply(_ effects: [PlaybackEffect], event: PlaybackEvent) {
            if case .finished(let id, _) = event { playing.remove(id) }  // the stream ended by itself
            for effect in effects {
                switch effect {
                case .play(let id, _), .restart(let id):
                    live.insert(id)
                    playing.insert(id)
                case .pause(let id):
                    playing.remove(id)
                case .release(let id):
                    live.remove(id)
                    playing.remove(id)
                case .quit:
                    quits += 1
                case .leaveFullscreen, .markFinished, .markFailed:
                    break
                }
            }
        }
    }

    @Test(arguments: 0..<40)
    func onlyOneItemPlaysInRandomSequences(seed: Int) {
        var random = PolicyRandom(seed: UInt64(seed))
        let onEnd = OnEnd.allCases[random.below(3)]
        let limit = 1 + random.below(3)
        var policy = PlaybackPolicy(onEnd: onEnd, exitOnEnd: random.below(2) == 0, maxLivePlayers: limit)
        var model = AdapterModel()
        let items = (0..<5).map(ItemID.init)
        for step in 0..<200 {
            let id = items[random.below(items.count)]
            let event: PlaybackEvent
            switch random.below(10) {
            case 0...3: event = .activate(id)
            case 4: event = .pause(id)
            case 5, 6:
                event = .paused(id, positionMs: 1 + random.below(10_000))
            case 7, 8:
                // Mostly the playing item ends; sometimes a stale report for another one.
                let ended = random.below(4) == 0 ? id : (policy.playing ?? id)
                let next = random.below(3) == 0 ? nil : items[random.below(items.count)]
                event = .finished(ended, next: next == ended ? nil : next)
            default: event = .failed(id, error: .library("failure \(step)"))
            }
            let before = policy
            let effects = policy.handle(event)
            model.apply(effects, event: event)
            let context = Comment(rawValue: "seed \(seed) step \(step): \(event) → \(effects)")

            let playingStates = policy.states.filter { $0.value == .playing }.map(\.key)
            #expect(playingStates.count <= 1, context)
            #expect(model.playing.count <= 1, context)
            #expect(model.playing == Set(playingStates), context)
            #expect(policy.live.count <= limit, context)
            #expect(Set(policy.live) == model.live, context)
            #expect(Set(policy.live).count == policy.live.count, "live holds no duplicates; \(context)")
            if let playing = policy.playing {
                #expect(policy.current == playing, context)
                #expect(policy.live.last == playing, "the playing item is the most recently used; \(context)")
            }
            // A loop never ends by finishing; only a failure can end it.
            if case .loop = onEnd { #expect(!effects.contains(.quit(.finished)), context) }
            if effects.contains(.quit(.failed)) {
                #expect(policy.exitOnEnd, context)
                if case .failed(let failed, _, _) = event { #expect(before.current == failed, context) } else { Issue.record(context) }
            }
            // A released item that was paused resumes from its last reported position.
            if case .activate(let target) = event, !before.live.contains(target),
                case .paused(let position)? = before.states[target]
            {
                #expect(effects.contains(.play(target, fromMs: position > 0 ? position : nil)), context)
            }
            // Only a failed item may lose its place as the current one without another taking it.
            if policy.current == nil, let previous = before.current {
                #expect(policy.states[previous] == .failed(.library("failure \(step)")), context)
            }
        }
    }
}

/// A tiny seeded generator (xorshift64*), so a failing random sequence replays from its seed.
struct PolicyRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D | 1 }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A number from 0 up to, but not including, `bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

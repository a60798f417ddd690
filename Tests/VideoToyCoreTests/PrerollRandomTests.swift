import Testing
import VideoToyCore
import VideoToyTesting

/// Seeded random event sequences against the pre-roll machine's invariants.
struct PrerollRandomTests {
    /// What the effects so far have built, as the controller would hold it.
    struct World {
        var dwell: ItemID?
        var pipelines: Set<ItemID> = []
        var prepares = 0
        var adopts = 0
        var discards = 0
        var playing = false

        mutating func apply(_ effects: [Preroll.Effect]) {
            for effect in effects {
                switch effect {
                case .startDwell(let id):
                    #expect(dwell == nil, "a dwell starts only after the previous one was cancelled or ran out")
                    dwell = id
                case .cancelDwell:
                    #expect(dwell != nil, "only a running dwell is cancelled")
                    dwell = nil
                case .prepare(let id):
                    #expect(pipelines.isEmpty, "at most one pre-roll")
                    #expect(!playing, "never beside a playing video")
                    pipelines.insert(id)
                    prepares += 1
                case .discard(let id):
                    #expect(pipelines.remove(id) != nil, "only a prepared pipeline is discarded")
                    discards += 1
                case .adopt(let id):
                    #expect(pipelines.remove(id) != nil, "only a prepared pipeline is adopted")
                    adopts += 1
                }
            }
        }
    }

    @Test(arguments: 0..<200)
    func invariantsHold(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var machine = Preroll()
        var world = World()
        let ids = (0..<4).map { ItemID($0) }
        for _ in 0..<60 {
            let id = ids.randomElement(using: &random)!
            let event: Preroll.Event
            switch Int.random(in: 0..<11, using: &random) {
            case 0...2: event = .selected(Bool.random(using: &random) ? id : nil, eligible: !world.playing && Bool.random(using: &random))
            case 3...4:
                // The timer that runs out is the one running; now and then a stale one arrives late.
                event = .dwelt(Int.random(in: 0..<4, using: &random) == 0 ? id : (world.dwell ?? id))
            case 5: event = .activated(id)
            case 6: event = .failed(id)
            case 7: event = .removed(id)
            case 8: event = .somethingPlays
            case 9 where !world.playing:
                // The controller says so only when a probe finishes while nothing plays.
                event = .eligible(id)
            default:
                world.playing = false
                continue
            }
            if case .dwelt(let fired) = event, fired == world.dwell { world.dwell = nil }
            world.apply(machine.handle(event))
            if case .activated = event { world.playing = true }
            if event == .somethingPlays { world.playing = true }
            switch machine.phase {
            case .idle, .held:
                #expect(world.pipelines.isEmpty && world.dwell == nil)
            case .waiting(let waiting):
                #expect(world.dwell == waiting && world.pipelines.isEmpty)
                #expect(!world.playing)
            case .ready(let ready):
                #expect(world.pipelines == [ready] && world.dwell == nil)
                #expect(!world.playing)
            }
            #expect(world.prepares == world.adopts + world.discards + world.pipelines.count)
        }
        world.apply(machine.handle(.shutdown))
        #expect(world.pipelines.isEmpty && world.dwell == nil, "shutdown leaves nothing behind")
        #expect(world.prepares == world.adopts + world.discards, "every prepare is adopted or discarded")
    }

    @Test func theSequencesExerciseEveryEffect() {
        var kinds: Set<String> = []
        for seed in 0..<200 {
            var random = SeededGenerator(seed: UInt64(seed))
            var machine = Preroll()
            var dwell: ItemID?
            for _ in 0..<60 {
                let id = ItemID(Int.random(in: 0..<4, using: &random))
                let events: [Preroll.Event] = [
                    .selected(id, eligible: true), .dwelt(dwell ?? id), .activated(id), .failed(id), .somethingPlays,
                ]
                for effect in machine.handle(events.randomElement(using: &random)!) {
                    switch effect {
                    case .startDwell(let started): dwell = started; kinds.insert("start")
                    case .cancelDwell: dwell = nil; kinds.insert("cancel")
                    case .prepare: dwell = nil; kinds.insert("prepare")
                    case .discard: kinds.insert("discard")
                    case .adopt: kinds.insert("adopt")
                    }
                }
            }
        }
        #expect(kinds == ["start", "cancel", "prepare", "discard", "adopt"], "the random runs reach every transition kind")
    }
}

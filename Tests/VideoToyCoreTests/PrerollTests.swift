import Testing
import VideoToyCore

/// The pre-roll machine, driven directly: one table row per transition.
struct PrerollTests {
    static let a = ItemID(0), b = ItemID(1)

    /// One transition: the events that lead to a phase, the event, and what must follow.
    struct Transition: CustomTestStringConvertible, Sendable {
        let name: String
        let before: [Preroll.Event]
        let event: Preroll.Event
        let effects: [Preroll.Effect]
        let phase: Preroll.Phase
        var testDescription: String { name }
    }

    static let waitingA: [Preroll.Event] = [.selected(a, eligible: true)]
    static let readyA: [Preroll.Event] = [.selected(a, eligible: true), .dwelt(a)]
    static let heldA: [Preroll.Event] = [.selected(a, eligible: false)]

    static let transitions: [Transition] = [
        .init(
            name: "an eligible selection starts the dwell", before: [], event: .selected(a, eligible: true), effects: [.startDwell(a)],
            phase: .waiting(a)),
        .init(name: "an ineligible selection is held", before: [], event: .selected(a, eligible: false), effects: [], phase: .held(a)),
        .init(name: "no selection does nothing", before: [], event: .selected(nil, eligible: true), effects: [], phase: .idle),
        .init(name: "the dwell running out prepares", before: waitingA, event: .dwelt(a), effects: [.prepare(a)], phase: .ready(a)),
        .init(name: "a stale dwell is ignored", before: waitingA, event: .dwelt(b), effects: [], phase: .waiting(a)),
        .init(name: "a dwell while idle is ignored", before: [], event: .dwelt(a), effects: [], phase: .idle),
        .init(
            name: "the same selection again keeps the dwell", before: waitingA, event: .selected(a, eligible: true), effects: [],
            phase: .waiting(a)),
        .init(
            name: "another selection restarts the dwell", before: waitingA, event: .selected(b, eligible: true),
            effects: [.cancelDwell, .startDwell(b)], phase: .waiting(b)),
        .init(
            name: "selection cleared cancels the dwell", before: waitingA, event: .selected(nil, eligible: false), effects: [.cancelDwell],
            phase: .idle),
        .init(
            name: "the same selection keeps the pre-roll", before: readyA, event: .selected(a, eligible: true), effects: [],
            phase: .ready(a)),
        .init(
            name: "moving away discards and waits on the new row", before: readyA, event: .selected(b, eligible: true),
            effects: [.discard(a), .startDwell(b)], phase: .waiting(b)),
        .init(
            name: "moving to an ineligible row discards and holds it", before: readyA, event: .selected(b, eligible: false),
            effects: [.discard(a)], phase: .held(b)),
        .init(
            name: "the selected row no longer eligible discards and is held", before: readyA, event: .selected(a, eligible: false),
            effects: [.discard(a)], phase: .held(a)),
        .init(
            name: "the held row becoming eligible starts the dwell", before: heldA, event: .eligible(a), effects: [.startDwell(a)],
            phase: .waiting(a)),
        .init(name: "another row becoming eligible is ignored", before: heldA, event: .eligible(b), effects: [], phase: .held(a)),
        .init(name: "eligible while idle is ignored", before: [], event: .eligible(a), effects: [], phase: .idle),
        .init(name: "eligible while waiting is ignored", before: waitingA, event: .eligible(a), effects: [], phase: .waiting(a)),
        .init(name: "eligible while ready is ignored", before: readyA, event: .eligible(a), effects: [], phase: .ready(a)),
        .init(name: "the held row again stays held", before: heldA, event: .selected(a, eligible: false), effects: [], phase: .held(a)),
        .init(
            name: "the held row selected when eligible starts the dwell", before: heldA, event: .selected(a, eligible: true),
            effects: [.startDwell(a)], phase: .waiting(a)),
        .init(
            name: "another ineligible row is held instead", before: heldA, event: .selected(b, eligible: false), effects: [],
            phase: .held(b)),
        .init(name: "the held row removed is forgotten", before: heldA, event: .removed(a), effects: [], phase: .idle),
        .init(name: "the held row failing is forgotten", before: heldA, event: .failed(a), effects: [], phase: .idle),
        .init(name: "something playing forgets the held row", before: heldA, event: .somethingPlays, effects: [], phase: .idle),
        .init(name: "playing the held row forgets it", before: heldA, event: .activated(a), effects: [], phase: .idle),
        .init(name: "playing the pre-rolled row adopts it", before: readyA, event: .activated(a), effects: [.adopt(a)], phase: .idle),
        .init(name: "playing another row discards", before: readyA, event: .activated(b), effects: [.discard(a)], phase: .idle),
        .init(name: "playing during the dwell cancels it", before: waitingA, event: .activated(a), effects: [.cancelDwell], phase: .idle),
        .init(name: "playing while idle does nothing", before: [], event: .activated(a), effects: [], phase: .idle),
        .init(name: "a failed pre-roll is discarded", before: readyA, event: .failed(a), effects: [.discard(a)], phase: .idle),
        .init(name: "another item's failure is ignored", before: readyA, event: .failed(b), effects: [], phase: .ready(a)),
        .init(name: "the pre-rolled item removed is discarded", before: readyA, event: .removed(a), effects: [.discard(a)], phase: .idle),
        .init(name: "the waiting item removed cancels", before: waitingA, event: .removed(a), effects: [.cancelDwell], phase: .idle),
        .init(name: "another item removed is ignored", before: waitingA, event: .removed(b), effects: [], phase: .waiting(a)),
        .init(name: "something playing discards", before: readyA, event: .somethingPlays, effects: [.discard(a)], phase: .idle),
        .init(name: "something playing cancels the dwell", before: waitingA, event: .somethingPlays, effects: [.cancelDwell], phase: .idle),
        .init(name: "shutdown discards", before: readyA, event: .shutdown, effects: [.discard(a)], phase: .idle),
        .init(name: "shutdown while idle does nothing", before: [], event: .shutdown, effects: [], phase: .idle),
    ]

    @Test(arguments: transitions)
    func transition(_ row: Transition) {
        var machine = Preroll()
        for event in row.before { _ = machine.handle(event) }
        #expect(machine.handle(row.event) == row.effects)
        #expect(machine.phase == row.phase)
        #expect(machine.prepared == (row.phase == .ready(Self.a) ? Self.a : nil))
    }
}

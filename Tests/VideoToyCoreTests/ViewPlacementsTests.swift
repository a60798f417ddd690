import Testing
import VideoToyCore
import VideoToyTesting

/// The placement machine: where a live view is, where it goes home to, and what is logged on the way.
@Suite("View placements")
struct ViewPlacementsTests {
    static let a = ItemID(0)
    static let b = ItemID(1)
    static let tv = ScreenID(connector: "HDMI-1", model: "TV")

    /// Events in, the effects of the last one and the final placement of `a` out.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let events: [ViewPlacements.Event]
        let lastEffects: [ViewPlacements.Effect]
        let placement: ViewPlacement?
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "a new view starts in its row", events: [.created(a)], lastEffects: [.place(a, .row)], placement: .row),
        Scenario(name: "a second creation changes nothing", events: [.created(a), .created(a)], lastEffects: [], placement: .row),
        Scenario(
            name: "fullscreen on the main window", events: [.created(a), .fullscreen(a, true)],
            lastEffects: [.place(a, .fullscreen), .fullscreenChanged(a, true)], placement: .fullscreen),
        Scenario(
            name: "leaving fullscreen when not in it does nothing", events: [.created(a), .fullscreen(a, false)],
            lastEffects: [], placement: .row),
        Scenario(
            name: "sent to a screen", events: [.created(a), .routed(a, .screen(tv))],
            lastEffects: [.place(a, .screen(connector: "HDMI-1")), .moved(a, to: "HDMI-1")],
            placement: .screen(connector: "HDMI-1")),
        Scenario(
            name: "from fullscreen to a screen, fullscreen on the main window ends",
            events: [.created(a), .fullscreen(a, true), .routed(a, .screen(tv))],
            lastEffects: [.place(a, .screen(connector: "HDMI-1")), .moved(a, to: "HDMI-1"), .fullscreenChanged(a, false)],
            placement: .screen(connector: "HDMI-1")),
        Scenario(
            name: "back from a screen to fullscreen, where the user left it",
            events: [.created(a), .fullscreen(a, true), .routed(a, .screen(tv)), .routed(a, .row(a))],
            lastEffects: [.place(a, .fullscreen), .moved(a, to: "row"), .fullscreenChanged(a, true)], placement: .fullscreen),
        Scenario(
            name: "fullscreen asked on a screen only changes the way home",
            events: [.created(a), .routed(a, .screen(tv)), .fullscreen(a, true)], lastEffects: [],
            placement: .screen(connector: "HDMI-1")),
        Scenario(
            name: "...and the view comes home fullscreen",
            events: [.created(a), .routed(a, .screen(tv)), .fullscreen(a, true), .routed(a, .row(a))],
            lastEffects: [.place(a, .fullscreen), .moved(a, to: "row"), .fullscreenChanged(a, true)], placement: .fullscreen),
        Scenario(
            name: "a return to the row is announced on its first frame there",
            events: [.created(a), .routed(a, .screen(tv)), .routed(a, .row(a)), .frameShown(a, .row)],
            lastEffects: [.arrived(a, window: "main")], placement: .row),
        Scenario(
            name: "...once",
            events: [.created(a), .routed(a, .screen(tv)), .routed(a, .row(a)), .frameShown(a, .row), .frameShown(a, .row)],
            lastEffects: [], placement: .row),
        Scenario(
            name: "a first frame in the row after a plain play is the player's to report",
            events: [.created(a), .frameShown(a, .row)], lastEffects: [], placement: .row),
        Scenario(
            name: "a frame from where the view no longer is counts for nothing",
            events: [.created(a), .routed(a, .screen(tv)), .frameShown(a, .row)], lastEffects: [],
            placement: .screen(connector: "HDMI-1")),
        Scenario(
            name: "arrival on the screen", events: [.created(a), .routed(a, .screen(tv)), .frameShown(a, .screen(connector: "HDMI-1"))],
            lastEffects: [.arrived(a, window: "HDMI-1")], placement: .screen(connector: "HDMI-1")),
        Scenario(
            name: "a released view forgets its fullscreen home",
            events: [.created(a), .fullscreen(a, true), .released(a), .created(a), .routed(a, .screen(tv)), .routed(a, .row(a))],
            lastEffects: [.place(a, .row), .moved(a, to: "row")], placement: .row),
        Scenario(
            name: "events for a view that is not live do nothing",
            events: [.routed(a, .screen(tv)), .fullscreen(a, true), .frameShown(a, .row)], lastEffects: [], placement: nil),
        Scenario(
            name: "another item's events leave this one alone",
            events: [.created(a), .created(b), .routed(b, .screen(tv)), .fullscreen(b, true), .released(b)],
            lastEffects: [], placement: .row),
    ]

    @Test("Hotplug and fullscreen scenarios", arguments: scenarios)
    func scenario(_ scenario: Scenario) {
        var views = ViewPlacements()
        var last: [ViewPlacements.Effect] = []
        for event in scenario.events { last = views.handle(event) }
        #expect(last == scenario.lastEffects)
        #expect(views.placement(of: Self.a) == scenario.placement)
    }

    @Test("Every placement effect is where the machine says the view is, whatever the order of events", arguments: Array(0..<20))
    func randomSequences(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var views = ViewPlacements()
        var shown: [ItemID: ViewPlacement] = [:]
        let ids = [Self.a, Self.b]
        for _ in 0..<200 {
            let id = ids.randomElement(using: &random)!
            let event: ViewPlacements.Event
            switch Int.random(in: 0..<6, using: &random) {
            case 0: event = .created(id)
            case 1: event = .routed(id, Bool.random(using: &random) ? .row(id) : .screen(Self.tv))
            case 2: event = .fullscreen(id, Bool.random(using: &random))
            case 3: event = .frameShown(id, [.row, .fullscreen, .screen(connector: "HDMI-1")].randomElement(using: &random)!)
            case 4: event = .released(id)
            default: event = .routed(id, .row(id))
            }
            for effect in views.handle(event) {
                if case .place(let placed, let placement) = effect { shown[placed] = placement }
            }
            if case .released(let gone) = event { shown[gone] = nil }
            for id in ids {
                #expect(views.placement(of: id) == shown[id], "\(event)")
                // Fullscreen on the main window always is the way home too.
                if views.placement(of: id) == .fullscreen { #expect(views.wantsFullscreen(id)) }
            }
            #expect(views.live == Set(shown.keys))
        }
    }
}

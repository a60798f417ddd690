import Testing
import VideoToyTesting

@testable import VideoToyCore

/// The placement driver alone: the placement machine's effects reach the window, the row and the events log.
@MainActor
struct PlacementDriverTests {
    /// The playback's part, recorded.
    final class Owner: PlacementDriver.Owner {
        let items: [ItemID: LibraryItem]
        private(set) var changedRows: [ItemID] = []
        private(set) var presentationChanges = 0

        init(_ items: [LibraryItem]) { self.items = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }) }

        func item(_ id: ItemID) -> LibraryItem? { items[id] }
        func positionMs(of id: ItemID) -> Int { 4_200 }
        func screenName(_ connector: String) -> String { "LG TV" }
        func rowChanged(_ id: ItemID) { changedRows.append(id) }
        func presentationChanged() { presentationChanges += 1 }
    }

    @MainActor
    struct Rig {
        let driver: PlacementDriver
        let owner: Owner
        let presenter = FakePresenter()
        let log = EventLog(clock: { 0 }, keep: true, sink: nil, terminal: { _ in })
        let id = ItemID(0)

        init() {
            owner = Owner([LibraryItem(id: id, path: "/v/film.mkv")])
            driver = PlacementDriver(log: log)
            driver.presenter = presenter
            driver.attach(owner: owner)
        }

        func names() -> [String] { log.records.map(\.name) }
    }

    nonisolated static let projector = ScreenID(connector: "HDMI-1", manufacturer: "GSM", model: "LG TV")

    @Test(
        "each event reaches the window, the row and the log as the machine says",
        arguments: [
            (
                events: [ViewPlacements.Event.created(ItemID(0))], placements: [ViewPlacement.row], rows: 1, notices: [Notice](),
                logged: [String]()
            ),
            (
                events: [.created(ItemID(0)), .routed(ItemID(0), .screen(projector))], placements: [.row, .screen(connector: "HDMI-1")],
                rows: 3, notices: [.playingOn(screen: "LG TV")], logged: ["route"]
            ),
            (
                events: [.created(ItemID(0)), .fullscreen(ItemID(0), true)], placements: [.row, .fullscreen], rows: 2, notices: [],
                logged: ["fullscreen"]
            ),
            (
                events: [
                    .created(ItemID(0)), .routed(ItemID(0), .screen(projector)), .frameShown(ItemID(0), .screen(connector: "HDMI-1")),
                ],
                placements: [.row, .screen(connector: "HDMI-1")], rows: 3, notices: [.playingOn(screen: "LG TV")],
                logged: ["route", "first-frame"]
            ),
        ])
    func effects(events: [ViewPlacements.Event], placements: [ViewPlacement], rows: Int, notices: [Notice], logged: [String]) {
        let rig = Rig()
        for event in events { rig.driver.handle(event) }
        #expect(rig.presenter.placementHistory(of: rig.id) == placements)
        #expect(rig.owner.changedRows.count == rows && rig.owner.changedRows.allSatisfy { $0 == rig.id })
        #expect(rig.presenter.notices == notices)
        #expect(rig.names() == logged)
        #expect(rig.driver.views.placement(of: rig.id) == placements.last)
    }

    @Test("a move is logged with the player's position, and fullscreen tells the snapshot")
    func loggedFields() {
        let rig = Rig()
        rig.driver.handle(.created(rig.id))
        rig.driver.handle(.routed(rig.id, .screen(Self.projector)))
        #expect(rig.log.records.first?.jsonLine.contains(#""position_ms":4200"#) == true)
        #expect(rig.log.records.first?.jsonLine.contains(#""to":"HDMI-1""#) == true)
        rig.driver.handle(.routed(rig.id, .row(rig.id)))
        rig.driver.handle(.fullscreen(rig.id, true))
        #expect(rig.owner.presentationChanges == 1)
        rig.driver.handle(.released(rig.id))
        #expect(rig.driver.views.placement(of: rig.id) == nil)
    }
}

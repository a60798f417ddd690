import Testing
import VideoToyCore

@Suite("Screens")
struct RoutingScreenTests {
    @Test func modesOrderByPixelsThenRefresh() {
        let hd50 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 50000)
        let hd60 = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
        let uhd30 = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 30000)
        #expect([uhd30, hd60, hd50].sorted() == [hd50, hd60, uhd30])
        #expect(hd60.pixels == 2_073_600)
        #expect(hd60.description == "1920x1080@60.000")
    }
}

/// Telling connections from disconnections in successive monitor lists.
@Suite("Screen roster")
struct ScreenRosterTests {
    static func screen(_ connector: String, _ model: String = "TV", ready: Bool = true) -> Screen {
        Screen(
            id: ScreenID(connector: connector, model: model),
            geometry: ready ? ScreenRect(x: 0, y: 0, width: 1920, height: 1080) : ScreenRect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("Connections, disconnections and monitors that are not ready yet")
    func changes() {
        var roster = ScreenRoster()
        let laptop = Self.screen("eDP-1", "Panel"), tv = Self.screen("HDMI-1")
        #expect(roster.update([laptop]) == [.connected(laptop)])
        #expect(roster.update([laptop]) == [])
        // A monitor whose geometry is not known yet is not connected until it is.
        #expect(roster.update([laptop, Self.screen("HDMI-1", ready: false)]) == [])
        #expect(roster.update([laptop, tv]) == [.connected(tv)])
        // Another monitor on the same connector is a different screen: one goes, the other comes.
        let projector = Self.screen("HDMI-1", "Projector")
        #expect(roster.update([laptop, projector]) == [.connected(projector), .disconnected(tv)])
        #expect(roster.update([projector, laptop, projector]) == [])
        #expect(roster.update([]) == [.disconnected(projector), .disconnected(laptop)], "by connector name")
        #expect(roster.screens.isEmpty)
    }
}

/// The main window's monitor on Wayland, from its surface entering and leaving monitors.
@Suite("Surface monitors")
struct SurfaceMonitorsTests {
    enum Step: Sendable {
        case enter(String)
        case leave(String)
        case keep(Set<String>)
    }

    @Test(
        "the earliest entered monitor the window is still on",
        arguments: [
            ([], nil),
            ([.enter("Meta-1")], "Meta-1"),
            ([.enter("Meta-0"), .enter("Meta-1")], "Meta-0"),
            ([.enter("Meta-0"), .enter("Meta-1"), .leave("Meta-0")], "Meta-1"),
            ([.enter("Meta-0"), .enter("Meta-0"), .leave("Meta-0")], nil),
            ([.enter(""), .enter("Meta-2")], "Meta-2"),
            ([.enter("Meta-0"), .enter("Meta-1"), .keep(["Meta-1"])], "Meta-1"),
            ([.leave("Meta-3"), .enter("Meta-3")], "Meta-3"),
        ] as [([Step], String?)])
    func current(_ steps: [Step], _ expected: String?) {
        var monitors = SurfaceMonitors()
        for step in steps {
            switch step {
            case .enter(let connector): monitors.enter(connector)
            case .leave(let connector): monitors.leave(connector)
            case .keep(let connectors): monitors.keep(only: connectors)
            }
        }
        #expect(monitors.current == expected)
    }
}

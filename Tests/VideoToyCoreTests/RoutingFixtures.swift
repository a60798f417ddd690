import VideoToyCore
import VideoToyTesting

/// Monitors and modes shared by the routing tests.
enum Fixture {
    static let hd = ScreenMode(width: 1920, height: 1080, refreshMilliHz: 60000)
    static let uhd = ScreenMode(width: 3840, height: 2160, refreshMilliHz: 60000)
    static let laptop = FakeMonitorSource.monitor("eDP-1", manufacturer: "BOE", model: "Panel")
    static let tv = FakeMonitorSource.monitor("HDMI-1", manufacturer: "Sony", model: "Bravia", x: 1920)
    static let projector = FakeMonitorSource.monitor("DP-1", manufacturer: "Epson", model: "Beamer", x: 3840)
    static let stranger = FakeMonitorSource.monitor("HDMI-1", manufacturer: "LG", model: "Other", x: 1920)
    static let wayland = FakeMonitorSource.monitor("DP-2", manufacturer: "Dell", model: "P2419", x: 5760, modes: [], current: nil)
    static let livingRoom = Screen(renderer: NetworkRenderer(udn: "uuid:tv-1", friendlyName: "Living room TV", model: "Bravia"))
    static let hall = Screen(renderer: NetworkRenderer(udn: "uuid:box-2", friendlyName: "Hall", model: "Box"))
    static let one = ItemID(1)
    static let two = ItemID(2)
}

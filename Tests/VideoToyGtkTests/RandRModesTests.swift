import Testing
import VideoToyAppTesting
import VideoToyCore

@testable import VideoToyGtk

/// RandR mode switches on a real X server (Xorg's dummy driver), raced against another client the way an unplug
/// races the switch the app starts when a monitor arrives.
@Suite("RandR mode switches", .serialized)
@MainActor
struct RandRModesTests {
    private static let wanted = ScreenMode(width: 1280, height: 800, refreshMilliHz: 59_810)

    /// Runs `body` with DUMMY1 on at 1280×720 (the dummy configuration's own 1280×800 listed beside it) and a reader,
    /// whose connection is closed before the display stops.
    private func withDisplay(_ body: (VirtualDisplay, RandRModes) throws -> Void) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        try display.plug("DUMMY1", modes: ["1280x720"])
        var modes = RandRModes(displayName: display.display)
        let queue = try #require(modes, "RandR on \(display.display)").connectionQueue
        defer {
            modes = nil
            queue.sync {}
        }
        try body(display, try #require(modes))
    }

    @Test("a switch read while the output is on sets the mode")
    func switchSets() throws {
        try withDisplay { display, modes in
            let listed = try #require(modes.readModesNow()["DUMMY1"])
            let wanted = try #require(listed.modes.first { $0.width == 1280 && $0.height == 800 }, "\(listed.modes)")
            let change = try #require(modes.pendingSwitchNow(wanted, connector: "DUMMY1"))
            #expect(modes.commitNow(change))
            let shown = try #require(try display.monitor("DUMMY1")?.currentMode, "DUMMY1 is on")
            #expect(shown.width == 1280 && shown.height == 800)
        }
    }

    @Test("a switch read before another client switched the output off is refused and leaves it off")
    func switchAfterUnplugIsRefused() throws {
        try withDisplay { display, modes in
            let listed = try #require(modes.readModesNow()["DUMMY1"])
            let wanted = try #require(listed.modes.first { $0.width == 1280 && $0.height == 800 }, "\(listed.modes)")
            let change = try #require(modes.pendingSwitchNow(wanted, connector: "DUMMY1"))
            try display.unplug("DUMMY1")
            #expect(!modes.commitNow(change), "the server refuses a switch older than the last set")
            let after = try #require(try display.monitor("DUMMY1"))
            #expect(!after.isActive, "DUMMY1 stays off, as the other client left it: \(String(describing: after.geometry))")
            #expect(modes.readModesNow()["DUMMY1"]?.current == nil)
        }
    }

    @Test("an output that is off offers no switch")
    func offOutputOffersNone() throws {
        try withDisplay { display, modes in
            try display.unplug("DUMMY1")
            #expect(modes.pendingSwitchNow(Self.wanted, connector: "DUMMY1") == nil)
            #expect(modes.pendingSwitchNow(Self.wanted, connector: "DUMMY9") == nil)
        }
    }

    @Test("a switch to a mode another client removed meanwhile is refused, and the X error does not end the process")
    func switchToRemovedModeIsRefused() throws {
        try withDisplay { display, modes in
            try display.plug("DUMMY1", modes: ["1280x720", "1024x768"])
            let listed = try #require(modes.readModesNow()["DUMMY1"])
            let small = try #require(listed.modes.first { $0.width == 1024 && $0.height == 768 }, "\(listed.modes)")
            let change = try #require(modes.pendingSwitchNow(small, connector: "DUMMY1"))
            let name = try #require(try display.monitor("DUMMY1")?.modes.first { $0.width == 1024 }?.name)
            try display.xrandr(["--delmode", "DUMMY1", name])
            #expect(!modes.commitNow(change), "the server answers BadMatch; the switch is refused")
            let shown = try #require(try display.monitor("DUMMY1")?.currentMode)
            #expect(shown.width == 1280 && shown.height == 720, "DUMMY1 keeps its mode")
            #expect(modes.readModesNow()["DUMMY1"]?.current?.width == 1280, "the connection still answers")
        }
    }
}

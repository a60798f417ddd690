import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyDesktop

extension EndToEnd {
    /// GNOME's DisplayConfig for real, on headless mutter: the calls the app makes must be accepted.
    @Suite("Wayland modes")
    struct WaylandModesTests {
        @Test(
            "the best mode is applied temporarily, a changed layout is taken, and the previous one restored; monitors.xml is never written")
        func applyAndRestore() async throws {
            let display = try MutterDisplay()
            defer { display.stop() }
            _ = try display.plugExternal("1920x1080")
            let modes = try DisplayConfigModes(address: display.environment["DBUS_SESSION_BUS_ADDRESS"])
            let before = try modes.currentLayout()
            let external = try #require(before.monitors.first { $0.product == "Virtual remote monitor" })
            let best = try #require(external.modes.map(\.mode).max())
            let previous = try #require(external.currentMode?.mode)
            #expect(before.logicalMonitors.count == 2)

            // A virtual monitor has one mode, so the app's own path would rightly make no call: make it anyway.
            let apply = try DisplayConfigChanges.config(before, switching: external.connector, to: best).get()
            #expect(apply.method == .temporary)
            try modes.apply(apply)
            #expect(try modes.currentLayout().monitor(external.connector)?.currentMode?.mode == best)

            // The same call with the two monitors swapped left and right shows the compositor applies what it is sent.
            var swapped = try DisplayConfigChanges.config(modes.currentLayout(), switching: external.connector, to: best).get()
            for index in swapped.logicalMonitors.indices {
                let isExternal = swapped.logicalMonitors[index].monitors.contains { $0.connector == external.connector }
                swapped.logicalMonitors[index].x = isExternal ? 0 : best.width
                swapped.logicalMonitors[index].y = 0
            }
            try modes.apply(swapped)
            let during = try modes.currentLayout()
            // mutter keeps its serial across applied configurations; it changes when monitors come or go.
            #expect(during.serial == before.serial)
            #expect(during.logicalMonitors.first { $0.connectors == [external.connector] }?.x == 0)

            // Restoring: the previous mode and the previous places.
            var restore = try DisplayConfigChanges.config(during, switching: external.connector, to: previous).get()
            for index in restore.logicalMonitors.indices {
                let connectors = restore.logicalMonitors[index].monitors.map(\.connector)
                if let old = before.logicalMonitors.first(where: { $0.connectors == connectors }) {
                    restore.logicalMonitors[index].x = old.x
                    restore.logicalMonitors[index].y = old.y
                }
            }
            try modes.apply(restore)
            let after = try modes.currentLayout()
            #expect(after.monitors == before.monitors)
            #expect(Set(after.logicalMonitors.map(\.connectors)) == Set(before.logicalMonitors.map(\.connectors)))
            for monitor in before.logicalMonitors {
                let now = after.logicalMonitors.first { $0.connectors == monitor.connectors }
                #expect(now == monitor, "\(monitor.connectors) is back where it was")
            }
            #expect(!FileManager.default.fileExists(atPath: display.savedLayout.path), "the saved layout is untouched")

            // A monitor that comes or goes changes the serial, and a configuration built before is refused.
            let handle = try display.plugExternal("1280x720")
            #expect(try modes.currentLayout().serial != after.serial)
            #expect(throws: (any Error).self, "stale serial") { try modes.apply(restore) }
            try display.unplugExternal(handle)
        }

        @Test("a main window that starts on the second monitor is known to be there: the scene opens on the first")
        func mainWindowOnSecondMonitor() async throws {
            let display = try MutterDisplay()
            defer { display.stop() }
            _ = try display.plugExternal("1920x1080")
            let modes = try DisplayConfigModes(address: display.environment["DBUS_SESSION_BUS_ADDRESS"])
            let layout = try modes.currentLayout()
            let second = try #require(layout.monitors.first { $0.product == "Virtual remote monitor" })
            let first = try #require(layout.monitors.first { $0.connector != second.connector })
            // The second monitor becomes primary and leftmost, so the compositor opens new windows there.
            var config = try DisplayConfigChanges.config(layout, switching: second.connector, to: #require(second.currentMode?.mode)).get()
            for index in config.logicalMonitors.indices {
                let isSecond = config.logicalMonitors[index].monitors.contains { $0.connector == second.connector }
                config.logicalMonitors[index].x = isSecond ? 0 : 1920
                config.logicalMonitors[index].isPrimary = isSecond
            }
            try modes.apply(config)

            let app = try AppProcess(arguments: [Fixture.clips.folder], on: display)
            defer { app.terminate() }
            let scene = try await app.waitFor("scene-open", timeout: .seconds(20))
            #expect(scene.fields["connector"]?.string == first.connector, "the main window is on \(second.connector)")
        }
    }
}

import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd {
    /// The shell ties a window to its launcher by the application ID the window carries: on X11 GTK's
    /// `_GTK_APPLICATION_ID` property, on Wayland the toplevel's `app_id`. Both must name the installed desktop entry,
    /// its icon and what MPRIS says.
    @Suite("One app by name")
    struct AppIdentityTests {
        /// The desktop entry shipped (its template, which `scripts/i18n` fills with the translations), and the `Icon=`
        /// it names.
        static func desktopEntry() throws -> (name: String, icon: String?) {
            let data = PackagePaths.root.appendingPathComponent("data")
            let entries = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".desktop.in") }
            let name = try #require(entries.first, "no desktop entry in data/")
            #expect(entries.count == 1, "\(entries)")
            let text = try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
            let icon = text.split(separator: "\n").first { $0.hasPrefix("Icon=") }.map { String($0.dropFirst(5)) }
            return (String(name.dropLast(".desktop.in".count)), icon)
        }

        @Test("on X11 the main window's application ID is the desktop entry's name and its icon's")
        func x11() async throws {
            let entry = try Self.desktopEntry()
            #expect(entry.name == AppIdentity.id && entry.icon == AppIdentity.id)
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [Fixture.clips.folder], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("ready", timeout: .seconds(45))
            var window: Substring?
            try await Fixture.eventually("the main window", within: .seconds(20)) {
                window = try display.run(["xdotool", "search", "--onlyvisible", "--name", "^VideoToy$"]).output.split(separator: "\n").first
                return window != nil
            }
            let id = String(try #require(window))
            let property = try display.run(["xprop", "-id", id, "_GTK_APPLICATION_ID"]).output
            #expect(property.contains("\"\(entry.name)\""), "\(property)")
        }

        @Test("on Wayland (sway) the window's app_id is the desktop entry's name")
        func wayland() async throws {
            let entry = try Self.desktopEntry()
            let sway = try SwayDisplay()
            defer { sway.stop() }
            // A Wayland session always has a bus, and on it the application registers under its ID.
            let bus = try PrivateSessionBus()
            let app = try AppProcess(
                arguments: [Fixture.clips.folder], display: nil,
                environment: sway.clientEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 })
            defer { app.terminate() }
            _ = try await app.waitFor("ready", timeout: .seconds(45))
            do {
                try await Fixture.eventually("the window in sway's tree", within: .seconds(20)) {
                    try sway.windowAppIDs().contains(entry.name)
                }
            } catch {
                Issue.record("app IDs in sway's tree: \(try sway.windowAppIDs()); \(app.report())")
                throw error
            }
            #expect(Set(try sway.windowAppIDs().filter { !$0.isEmpty }) == [entry.name])
        }
    }
}

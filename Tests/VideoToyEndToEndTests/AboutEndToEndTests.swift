import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore

extension EndToEnd.FrontEndTests {
    @Test("About shows the version, the developer, the license, the web pages and what is new, with nothing logged against it")
    func aboutWindow() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(arguments: [clips.folder], display: display, environment: ["GTK_A11Y": "atspi"])
        defer { app.terminate() }
        _ = try await app.waitFor("library", timeout: .seconds(45))
        try Command.check(
            [
                "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                "--method", "org.gtk.Actions.Activate", "about", "[]", "{}",
            ],
            extraEnvironment: display.environment)
        let deadline = ContinuousClock.now + .seconds(20)
        var names: [String] = []
        while ContinuousClock.now < deadline {
            names = ((try? Self.accessibleTree(display)) ?? []).map(\.name)
            if names.contains(AppIdentity.version) { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        let license =
            "This application comes with absolutely no warranty. See the GNU General Public License, version 3 or later for details."
        for name in [AppIdentity.name, AppIdentity.version, AppIdentity.developer, "What’s New", "Website", "Report an Issue", license] {
            #expect(names.contains(name), "\(name) in \(names)")
        }
        // A markup error in the release notes or a missing property would be logged by libadwaita.
        #expect(!app.stderr.contains("Adw-"), "\(app.stderr)")
        #expect(app.isRunning)
    }
}

import Foundation
import Testing

extension EndToEnd {
    /// The search bar of the main window, driven from the keyboard as a user would.
    @Suite("Search")
    struct SearchTests {
        @Test("Ctrl+F and typing filter the rows, Escape shows them all again, and the playing video plays on")
        func typingFilters() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(20)) { $0.path == clips.snow }
            let window = try Fixture.mainWindow(display)
            // The labels' column: what changes there is which rows are listed, not the playing picture.
            let labels = Rect(x: window.x + 20, y: window.y + 100, width: window.width / 3, height: window.height - 140)
            let before = try display.screenshot()

            try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+f"])
            try display.run(["xdotool", "type", "--delay", "60", "BALL"])
            let found = try await app.waitFor("search", after: play) { $0.fields["query"]?.string == "BALL" }
            #expect(found.fields["count"]?.int == 1, "case is ignored: only \"b ball\" matches")
            let filtered = try await Fixture.waitForScreen(display, in: labels, differingFrom: before)
            #expect(filtered > 0.001, "the rows on screen change (\(filtered))")

            // Escape ends the search: every row is back.
            try display.run(["xdotool", "key", "--clearmodifiers", "Escape"])
            let cleared = try await app.waitFor("search", after: found) { $0.fields["query"]?.string == "" }
            #expect(cleared.fields["count"]?.int == 3)

            // Typing a letter that is no shortcut starts a search by itself.
            try display.run(["xdotool", "type", "--delay", "60", "short"])
            let typed = try await app.waitFor("search", after: cleared) { $0.fields["query"]?.string == "short" }
            #expect(typed.fields["count"]?.int == 1)

            // Searching never paused the video.
            #expect(!app.events().contains { $0.name == "pause" && $0.index > play.index }, "\(app.report())")
            #expect(app.isRunning)
        }
    }
}

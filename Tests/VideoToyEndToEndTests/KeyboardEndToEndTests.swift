import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd.FrontEndTests {
    /// Waits until no visible window is named `name` (a dialog closed by Escape).
    static func waitForNoWindow(_ display: VirtualDisplay, named name: String) async throws {
        try await Fixture.eventually("the \"\(name)\" window closes") {
            let found = (try? display.run(["xdotool", "search", "--onlyvisible", "--name", name]).output) ?? ""
            return found.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }

    /// Waits until `app`, opened on the clips folder, has probed its three clips.
    static func waitForClipsProbed(_ app: AppProcess) async throws {
        let clips = Fixture.clips
        for clip in [clips.snow, clips.ball, clips.short] { _ = try await app.waitFor("probe", timeout: .seconds(45)) { $0.path == clip } }
    }

    @Test("Everything from the keyboard alone: select, play, pause, fullscreen, search, next, dialogs, quit")
    func keyboardAlone() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(arguments: [clips.folder], display: display)
        defer { app.terminate() }
        try await Self.waitForClipsProbed(app)
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        func key(_ keys: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers"] + keys) }
        try await Fixture.waitForKeyboard(display)

        // Rows by name: a snow, b ball, c short. Down twice from nothing selected reaches the second.
        try key("Down", "Down")
        try key("Return")
        let played = try await app.waitFor("play", timeout: .seconds(45))
        #expect(played.path == clips.ball)
        try key("space")
        let paused = try await app.waitFor("pause", after: played, timeout: .seconds(45))
        #expect(paused.path == clips.ball)
        try key("space")
        let resumed = try await app.waitFor("play", after: paused, timeout: .seconds(45))
        try key("f")
        let full = try await app.waitFor("fullscreen", after: resumed, timeout: .seconds(45))
        #expect(full.fields["on"]?.bool == true)
        try key("Escape")
        let windowed = try await app.waitFor("fullscreen", after: full, timeout: .seconds(45))
        #expect(windowed.fields["on"]?.bool == false)
        // The fullscreen window is gone; the keyboard comes back to the main window through the window manager.
        try await Fixture.waitForKeyboard(display)

        // Search, then Enter plays the one match without leaving the search entry.
        try key("ctrl+f")
        try display.run(["xdotool", "type", "--delay", "60", "snow"])
        _ = try await app.waitFor("search", timeout: .seconds(45)) { $0.fields["query"]?.string == "snow" }
        try key("Return")
        let snow = try await app.waitFor("play", after: windowed, timeout: .seconds(45)) { $0.path == clips.snow }
        try key("Escape")
        _ = try await app.waitFor("search", timeout: .seconds(45)) { $0.fields["query"]?.string == "" }
        try key("n")
        let next = try await app.waitFor("play", after: snow, timeout: .seconds(45))
        #expect(next.path == clips.ball, "N plays the row after the playing one")

        // Every dialog opens from its shortcut and closes with Escape.
        for (shortcut, title) in [("ctrl+comma", "Preferences"), ("ctrl+question", "Keyboard Shortcuts"), ("ctrl+o", "Open Folder")] {
            try key(shortcut)
            try await Fixture.waitForWindow(display, named: title, within: .seconds(45))
            try await Fixture.waitForKeyboard(display, in: title)
            try key("Escape")
            try await Self.waitForNoWindow(display, named: title)
            try await Fixture.waitForKeyboard(display)
        }

        try key("ctrl+q")
        let status = try await app.waitForExit(timeout: .seconds(45))
        #expect(status == 0, "exit status \(status)\n\(app.report())")
    }
}

extension EndToEnd.FrontEndTests {
    @Test("The selection survives a search in a long list: Escape brings back every row, the selected one still selected")
    func selectionSurvivesEscapeInALongList() async throws {
        // More rows than go in before the first frame (32), so Escape adds the rest after it.
        let (folder, paths) = try Self.bigFolder(60)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(arguments: [folder], display: display)
        defer { app.terminate() }
        _ = try await app.waitFor("library", timeout: .seconds(45)) { $0.fields["count"]?.int == 60 }
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        func key(_ keys: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers"] + keys) }
        try await Fixture.waitForKeyboard(display)
        // Up with nothing selected selects the last row, far beyond the first 32.
        try key("Up", "Up")
        try key("ctrl+f")
        try display.run(["xdotool", "type", "--delay", "60", "clip 058"])
        _ = try await app.waitFor("search", timeout: .seconds(45)) {
            $0.fields["query"]?.string == "clip 058" && $0.fields["count"]?.int == 1
        }
        try key("Escape")
        let all = try await app.waitFor("search", timeout: .seconds(45)) { $0.fields["query"]?.string == "" }
        #expect(all.fields["count"]?.int == 60)
        try key("Return")
        let played = try await app.waitFor("play", after: all, timeout: .seconds(45))
        #expect(played.path == paths[58], "Enter plays the video selected before the search")
    }
}

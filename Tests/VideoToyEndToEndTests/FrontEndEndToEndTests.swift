import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// The GNOME front end, driven from the keyboard as a user would: search, open, the playing row in view.
    @Suite("Front end")
    struct FrontEndTests {
        // Waits are for events that always come; they are long because a loaded 2-core machine starts the app and
        // GStreamer slowly (a 20 s wait for a 1.5 s clip's end was once too short there).
        /// A folder of `count` rows, named so their order is known: hard links to the still test card, but the last
        /// to the snow clip, whose every frame differs.
        static func bigFolder(_ count: Int) throws -> (folder: String, paths: [String]) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-many-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let paths = try (0..<count).map { index in
                let last = index == count - 1
                let path = folder + String(format: "/clip %03d", index) + (last ? ".mp4" : ".webm")
                try FileManager.default.linkItem(atPath: last ? Fixture.clips.snow : Fixture.clips.short, toPath: path)
                return path
            }
            return (folder, paths)
        }

        @Test("--play of the last of 40 files shows its row, playing, on screen")
        func playedRowIsInView() async throws {
            let (folder, paths) = try Self.bigFolder(40)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: ["--play", paths[39], folder], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("first-frame", timeout: .seconds(30)) { $0.path == paths[39] }
            let window = try Fixture.mainWindow(display)
            // The video slots' column: only a row on screen can show moving snow there.
            let slots = Fixture.slotColumn(window)
            let (moving, fractions) = try await Fixture.keepsMoving(display, in: slots)
            #expect(moving, "the playing row is on screen: the slots keep changing (\(fractions))")
        }

        @Test("End, Home, Page Down and Page Up move the selection through 40 rows; the selected row is the one on screen")
        func pageKeys() async throws {
            let (folder, paths) = try Self.bigFolder(40)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [folder], display: display)
            defer { app.terminate() }
            _ = try await app.waitFor("ready", timeout: .seconds(30))
            _ = try await app.waitFor("probe", timeout: .seconds(30)) { $0.path == paths[39] }
            let window = try Fixture.mainWindow(display)
            func keys(_ names: String...) throws { try display.run(["xdotool", "key", "--clearmodifiers", "--delay", "100"] + names) }
            try keys("End", "Return")
            let last = try await app.waitFor("first-frame", timeout: .seconds(30))
            #expect(last.path == paths[39], "End selects the last row")
            let (moving, fractions) = try await Fixture.keepsMoving(display, in: Fixture.slotColumn(window))
            #expect(moving, "the last row was scrolled into view: its snow keeps changing (\(fractions))")
            try keys("Home", "Page_Down", "Return")
            // The last row's own play event may follow its first frame: wait for another video's.
            let paged = try await app.waitFor("play", after: last, timeout: .seconds(30)) { $0.path != paths[39] }
            let index = paths.firstIndex(of: paged.path ?? "") ?? -1
            #expect(index >= 1 && index < 39, "Page Down from the first row moves a screenful, not to the end: \(paged.path ?? "none")")
            try keys("Page_Up", "Return")
            let back = try await app.waitFor("play", after: paged, timeout: .seconds(30)) { $0.path != paged.path }
            #expect(back.path == paths[0], "Page Up from the second screenful goes back to the first row")
        }

        @Test("Ctrl+F and typing filter the rows, Escape shows them all again, and the playing video plays on")
        func typingFilters() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let app = try AppProcess(arguments: ["--play", clips.snow, clips.folder], display: display)
            defer { app.terminate() }
            let play = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clips.snow }
            let window = try Fixture.mainWindow(display)
            // The labels' column: what changes there is which rows are listed, not the playing picture.
            let labels = Fixture.labelColumn(window)
            let before = try display.screenshot()
            try await Fixture.waitForKeyboard(display)

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

extension EndToEnd.FrontEndTests {
    @Test("Open Folder (Ctrl+O) takes a typed path after Ctrl+L and lists the folder's videos")
    func openFolderThroughTheChooser() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(arguments: [empty], display: display)
        defer { app.terminate() }
        let first = try await app.waitFor("library")
        #expect(first.fields["count"]?.int == 0)
        try await Fixture.waitForKeyboard(display)
        try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+o"])
        try await Fixture.waitForWindow(display, named: "Open Folder")
        try await Fixture.waitForKeyboard(display, in: "Open Folder")
        try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+l"])
        try display.run(["xdotool", "type", "--delay", "20", clips.folder + "/"])
        try display.run(["xdotool", "key", "--clearmodifiers", "Return"])
        let opened = try await app.waitFor("library", after: first, timeout: .seconds(45))
        #expect(opened.fields["count"]?.int == 3)
        let probes = try await app.waitFor("probe", after: opened) { $0.path == clips.short }
        #expect(probes.fields["error"] == nil)
    }
}

extension EndToEnd.FrontEndTests {
    /// One node of the accessible tree, as `scripts/atspi-tree` prints it.
    struct AccessibleNode: Decodable {
        let depth: Int
        let role: String
        let name: String
        let value: Double?
    }

    /// The app's accessible tree read through AT-SPI, as a screen reader reads it.
    static func accessibleTree(_ display: VirtualDisplay) throws -> [AccessibleNode] {
        let script = PackagePaths.root.appendingPathComponent("scripts/atspi-tree").path
        let output = try display.run([script, "videotoy"]).output
        return try output.split(separator: "\n").map { try JSONDecoder().decode(AccessibleNode.self, from: Data($0.utf8)) }
    }

    @Test("Screen readers find every control by name, the sliders' values, and each row's title and state")
    func accessibleTree() async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        // Full controls stay on screen; embedded ones fade, and hidden widgets are not in the tree.
        let app = try AppProcess(
            arguments: ["--controls", "full", "--play", clips.snow, clips.folder], display: display,
            environment: ["GTK_A11Y": "atspi"])
        defer { app.terminate() }
        _ = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == clips.snow }
        _ = try await app.waitFor("probe", timeout: .seconds(45)) { $0.path == clips.short }
        try await Task.sleep(for: .seconds(2))
        let tree = try Self.accessibleTree(display)
        let named = { (role: String, name: String) in tree.contains { $0.role == role && $0.name == name } }
        for name in ["Open Folder", "Search", "Main Menu", "Pause", "Mute", "Fullscreen"] {
            #expect(named("push button", name), "a button named \"\(name)\"")
        }
        #expect(named("entry", "Search videos"))
        let position = tree.first { $0.role == "slider" && $0.name == "Position" }
        #expect((position?.value ?? 0) > 0, "the seek bar says where playback is: \(String(describing: position))")
        // Every control a user can operate says what it is.
        let controls = tree.filter { ["push button", "toggle button", "slider", "entry", "check box"].contains($0.role) }
        #expect(!controls.isEmpty && controls.allSatisfy { !$0.name.isEmpty }, "\(controls.filter { $0.name.isEmpty })")
        // Rows read as title, what is known, and state.
        let rows = tree.filter { $0.role == "panel" && $0.name.hasPrefix("a snow.mp4, ") }
        #expect(rows.count == 1 && rows.first?.name.hasSuffix(", Playing") == true, "\(rows.map(\.name))")
        #expect(tree.contains { $0.role == "panel" && $0.name.hasPrefix("c short.webm, 0:01") }, "an idle row says its duration")
    }
}

extension EndToEnd.FrontEndTests {
    /// A fresh XDG_CONFIG_HOME whose settings file holds `settings`, as if remembered from an earlier run.
    static func configFolder(settings: String) throws -> URL {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("videotoy"), withIntermediateDirectories: true)
        try settings.write(to: config.appendingPathComponent("videotoy/settings.ini"), atomically: true, encoding: .utf8)
        return config
    }

    @Test("A remembered order is the one the rows open in, and N follows it")
    func rememberedSort() async throws {
        // Shortest first: the 1.5 s clip, then the two 30 s ones as their names order them; by name it would be last.
        let config = try Self.configFolder(settings: "[view]\nsort=duration\n")
        defer { try? FileManager.default.removeItem(at: config) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(
            arguments: [clips.folder], display: display,
            environment: ["GTK_A11Y": "atspi", "XDG_CONFIG_HOME": config.path])
        defer { app.terminate() }
        try await Self.waitForClipsProbed(app)
        // Probes re-sort the rows a second after they arrive.
        try await Task.sleep(for: .seconds(2))
        let rows = try Self.accessibleTree(display).filter {
            $0.role == "panel" && ($0.name.contains(".webm, ") || $0.name.contains(".mp4, "))
        }
        #expect(rows.map { String($0.name.prefix { $0 != "," }) } == ["c short.webm", "a snow.mp4", "b ball.mp4"], "\(rows.map(\.name))")
        // Select the second row, a snow; a search that hides it and its end must leave the selection on that video,
        // not on whatever row took its position meanwhile.
        try await Fixture.waitForKeyboard(display)
        try display.run(["xdotool", "key", "--clearmodifiers", "Down", "Down"])
        try display.run(["xdotool", "key", "--clearmodifiers", "ctrl+f"])
        try display.run(["xdotool", "type", "--delay", "60", "ball"])
        let searched = try await app.waitFor("search", timeout: .seconds(45)) { $0.fields["query"]?.string == "ball" }
        try display.run(["xdotool", "key", "--clearmodifiers", "Escape"])
        _ = try await app.waitFor("search", after: searched, timeout: .seconds(45)) { $0.fields["query"]?.string == "" }
        try display.run(["xdotool", "key", "--clearmodifiers", "Return"])
        let first = try await app.waitFor("play", timeout: .seconds(45))
        #expect(first.path == clips.snow, "Enter plays the video selected before the search")
        try display.run(["xdotool", "key", "--clearmodifiers", "n"])
        let next = try await app.waitFor("play", after: first, timeout: .seconds(45))
        #expect(next.path == clips.ball)
        // Last in this order; by name, c short would follow.
        try display.run(["xdotool", "key", "--clearmodifiers", "n"])
        try await Task.sleep(for: .seconds(2))
        #expect(!app.events().contains { $0.name == "play" && $0.index > next.index }, "N goes by the rows shown, not by name")
    }
}

extension EndToEnd.FrontEndTests {
    @Test("Preferences from the settings file apply, and the command line overrides them for one run", arguments: [false, true])
    func rememberedPreferences(overridden: Bool) async throws {
        let config = try Self.configFolder(settings: "[preferences]\non-end=loop\n")
        defer { try? FileManager.default.removeItem(at: config) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        let app = try AppProcess(
            arguments: (overridden ? ["--on-end", "stop"] : []) + ["--play", clips.short], display: display,
            environment: ["XDG_CONFIG_HOME": config.path])
        defer { app.terminate() }
        let finished = try await app.waitFor("finished", timeout: .seconds(45)) { $0.path == clips.short }
        if overridden {
            try await Task.sleep(for: .seconds(2))
            #expect(
                !app.events().contains { ($0.name == "play" || $0.name == "finished") && $0.index > finished.index },
                "--on-end stop wins over the stored loop")
        } else {
            // A loop starts over without a new play: the clip simply ends a second time.
            let again = try await app.waitFor("finished", after: finished, timeout: .seconds(45))
            #expect(again.path == clips.short, "the stored preference loops the video")
        }
    }
}

extension EndToEnd.FrontEndTests {
    @Test("The window follows the system's light or dark style", arguments: ["prefer-light", "prefer-dark"])
    func followsColorScheme(scheme: String) async throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let clips = Fixture.clips
        // libadwaita's own switch for the style a desktop would ask for through its settings portal.
        let app = try AppProcess(arguments: [clips.folder], display: display, environment: ["ADW_DEBUG_COLOR_SCHEME": scheme])
        defer { app.terminate() }
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        let window = try Fixture.mainWindow(display)
        // The header bar and the list's background beside the rows' labels: no video there.
        let header = Rect(x: window.x + 60, y: window.y + 10, width: 200, height: 30)
        let background = Rect(x: window.x + window.width - 200, y: window.y + 120, width: 150, height: 400)
        let shot = try display.screenshot()
        let artifacts = PackagePaths.root.appendingPathComponent("artifacts")
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        _ = try? display.screenshot(savingTo: artifacts.appendingPathComponent("window-\(scheme).png"))
        for (name, rect) in [("header bar", header), ("list", background)] {
            let mean = shot.meanColor(in: rect)
            let luminance = 0.2126 * mean.r + 0.7152 * mean.g + 0.0722 * mean.b
            if scheme == "prefer-dark" {
                #expect(luminance < 80, "the \(name) is dark: \(mean)")
            } else {
                #expect(luminance > 180, "the \(name) is light: \(mean)")
            }
        }
    }
}

import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd.FrontEndTests {
    /// Activates the app's action `name` with a folder as its target over the session bus, as the main menu and a
    /// toast's Undo button do inside the app.
    static func activate(_ name: String, folder: String, display: VirtualDisplay) throws {
        let quoted = "'" + folder.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        try Command.check(
            [
                "gdbus", "call", "--session", "--dest", "org.videotoy.VideoToy", "--object-path", "/org/videotoy/VideoToy",
                "--method", "org.gtk.Actions.Activate", name, "[<\(quoted)>]", "{}",
            ],
            extraEnvironment: display.environment)
    }

    @Test("Remove from Library takes a folder's rows out and is remembered; Open Recent brings them back")
    func removeAndReopenAFolder() async throws {
        let clips = Fixture.clips
        let other = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-other's-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let film = other + "/d film.mp4"
        try FileManager.default.linkItem(atPath: clips.snow, toPath: film)
        let config = try Self.configFolder(settings: "[library]\nfolders=\(clips.folder);\(other);\n")
        defer { try? FileManager.default.removeItem(at: config) }
        let settings = config.appendingPathComponent("videotoy/settings.ini")
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(arguments: ["--play", film], display: display, environment: ["XDG_CONFIG_HOME": config.path])
        defer { app.terminate() }
        let listed = try await app.waitFor("library", timeout: .seconds(45)) { $0.fields["count"]?.int == 4 }
        let playing = try await app.waitFor("play", timeout: .seconds(45)) { $0.path == film }

        try Self.activate("remove-folder", folder: other, display: display)
        let removed = try await app.waitFor("folder-removed", after: listed, timeout: .seconds(45))
        #expect(removed.fields["folder"]?.string == other)
        #expect(removed.fields["gone"]?.int == 1)
        let smaller = try await app.waitFor("library", after: removed, timeout: .seconds(45))
        #expect(smaller.fields["count"]?.int == 3)
        // Its video stopped with it: no view left that could still be playing it.
        try await Task.sleep(for: .seconds(2))
        #expect(!app.events().contains { $0.name == "error" }, "\(app.events().filter { $0.name == "error" })")
        #expect(app.events().last { $0.name == "play" }?.index == playing.index)
        try await Fixture.eventually("the settings file remembers the smaller library") {
            let text = (try? String(contentsOf: settings, encoding: .utf8)) ?? ""
            return text.contains("folders=\(clips.folder);\n") && text.contains("recent=\(other);")
        }

        try Self.activate("open-recent", folder: other, display: display)
        let back = try await app.waitFor("library", after: smaller, timeout: .seconds(45))
        #expect(back.fields["count"]?.int == 4)
        let probe = try await app.waitFor("probe", after: back, timeout: .seconds(45)) { $0.path == film }
        #expect(probe.fields["error"] == nil)
        try await Fixture.eventually("the settings file remembers the folder again") {
            let text = (try? String(contentsOf: settings, encoding: .utf8)) ?? ""
            return text.contains("folders=\(clips.folder);\(other);\n")
        }
    }
}

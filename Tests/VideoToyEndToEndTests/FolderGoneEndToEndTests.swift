import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd.FrontEndTests {
    @Test("A remembered library folder that is gone says so in the window, and its videos appear when it is back")
    func rememberedFolderGone() async throws {
        let gone = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-e2e-drive-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: gone) }
        let config = try Self.configFolder(settings: "[library]\nfolders=\(gone);\n")
        defer { try? FileManager.default.removeItem(at: config) }
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(display: display, environment: ["GTK_A11Y": "atspi", "XDG_CONFIG_HOME": config.path])
        defer { app.terminate() }
        let empty = try await app.waitFor("library", timeout: .seconds(45))
        #expect(empty.fields["count"]?.int == 0, "neither the Videos folder nor the demo stands in for it")
        _ = try await app.waitFor("ready", timeout: .seconds(45))
        try await Fixture.eventually("the window says the folder is not found") {
            try Self.accessibleTree(display).contains { $0.name == "Folder Not Found" }
        }
        #expect(app.stderr.contains("is not there"))

        // The drive comes back.
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: Fixture.clips.short, toPath: gone + "/back.webm")
        let back = try await app.waitFor("library", after: empty, timeout: .seconds(45))
        #expect(back.fields["count"]?.int == 1)
    }
}
